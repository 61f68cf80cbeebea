// StateIO: a scene's changing state as bytes, and back, exactly. One
// function per scene lists its fields once (Scene::state_io), and the same
// list writes them or reads them, as the StateIO was made: a field cannot
// be written and then forgotten when read. Numbers keep every bit (a
// double is its 8 bytes), so a scene read back steps on exactly as the one
// written would have. It is how the what-if lane starts from a copy of the
// lab's state, and how a widget that gave up its WebAssembly instance
// comes back as it was (Session::snapshot).
//
// Reading never trusts the bytes: a count larger than what is left, an
// enum out of its range or bytes left over make ok() false (with a reason),
// and what was read is then not used. Pure C++.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vec2.hpp"

namespace flocklab {

class StateIO {
public:
    static StateIO writer() { return StateIO(nullptr); }
    // Reads `bytes`, which must outlive the reader.
    static StateIO reader(const std::string& bytes) { return StateIO(&bytes); }

    bool reading() const { return in_ != nullptr; }
    bool ok() const { return why_.empty(); }
    const std::string& why() const { return why_; }  // the first problem, "" if none
    void fail(const std::string& why) {
        if (why_.empty()) why_ = why;
    }
    // What was written (a writer's).
    const std::string& bytes() const { return out_; }
    // A reader at its end with nothing left over; else false, said in why().
    bool finished();

    // Each of these writes the value, or reads it into the same variable.
    void u64(std::uint64_t& v);
    void i64(long long& v);
    void i32(int& v);
    void u32(std::uint32_t& v);
    void flag(bool& v);
    void f64(double& v);
    void vec2(Vec2& v) {
        f64(v.x);
        f64(v.y);
    }
    void text(std::string& s);
    // An enum stored as its int; a read value outside [0, count) fails.
    template <class E>
    void choice(E& e, int count) {
        int k = static_cast<int>(e);
        i32(k);
        if (k < 0 || k >= count) {
            fail("a choice out of its range");
            k = 0;
        }
        e = static_cast<E>(k);
    }
    void opt_vec2(std::optional<Vec2>& v);
    void f64s(std::vector<double>& v);
    // A list: its count, then each item through `each(StateIO&, T&)`. A read
    // count needs at least one byte per item left, so bad bytes cannot ask
    // for a huge allocation.
    template <class T, class F>
    void list(std::vector<T>& v, F each) {
        std::uint64_t n = v.size();
        u64(n);
        if (reading()) {
            if (n > left()) {
                fail("a list longer than the bytes left");
                n = 0;
            }
            v.assign(static_cast<size_t>(n), T{});
        }
        for (T& item : v) {
            if (!ok()) break;
            each(*this, item);
        }
    }
    template <class T, size_t N, class F>
    void array(std::array<T, N>& a, F each) {
        for (T& item : a) each(*this, item);
    }

private:
    explicit StateIO(const std::string* in) : in_(in) {}
    size_t left() const { return in_ && at_ <= in_->size() ? in_->size() - at_ : 0; }
    void word(std::uint64_t& v, int bytes);  // `bytes` bytes, least significant first
    const std::string* in_;
    size_t at_ = 0;
    std::string out_;
    std::string why_;
};

// Bytes as text and back (RFC 4648 base64, with padding), for a page that
// keeps a snapshot as a string. from_base64 is false for anything else.
std::string to_base64(const std::string& bytes);
bool from_base64(const std::string& text, std::string* bytes);

}  // namespace flocklab
