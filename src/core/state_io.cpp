#include "state_io.hpp"

#include <algorithm>
#include <cstring>

namespace flocklab {

bool StateIO::finished() {
    if (ok() && reading() && at_ != in_->size()) fail("bytes left over after the state");
    return ok();
}

void StateIO::word(std::uint64_t& v, int bytes) {
    if (!ok()) {
        if (reading()) v = 0;
        return;
    }
    if (!reading()) {
        for (int k = 0; k < bytes; ++k) out_.push_back(static_cast<char>((v >> (8 * k)) & 0xff));
        return;
    }
    if (left() < static_cast<size_t>(bytes)) {
        fail("the state ends early");
        v = 0;
        return;
    }
    v = 0;
    for (int k = 0; k < bytes; ++k) v |= static_cast<std::uint64_t>(static_cast<unsigned char>((*in_)[at_ + k])) << (8 * k);
    at_ += static_cast<size_t>(bytes);
}

void StateIO::u64(std::uint64_t& v) { word(v, 8); }

void StateIO::i64(long long& v) {
    std::uint64_t w = static_cast<std::uint64_t>(v);
    word(w, 8);
    v = static_cast<long long>(w);
}

void StateIO::i32(int& v) {
    std::uint64_t w = static_cast<std::uint32_t>(v);
    word(w, 4);
    v = static_cast<int>(static_cast<std::uint32_t>(w));
}

void StateIO::u32(std::uint32_t& v) {
    std::uint64_t w = v;
    word(w, 4);
    v = static_cast<std::uint32_t>(w);
}

void StateIO::flag(bool& v) {
    std::uint64_t w = v ? 1 : 0;
    word(w, 1);
    if (w > 1) fail("a flag neither 0 nor 1");
    v = w == 1;
}

void StateIO::f64(double& v) {
    std::uint64_t w;
    std::memcpy(&w, &v, sizeof w);  // every bit: NaNs, -0.0 and all
    word(w, 8);
    std::memcpy(&v, &w, sizeof v);
}

void StateIO::text(std::string& s) {
    std::uint64_t n = s.size();
    u64(n);
    if (!reading()) {
        out_ += s;
        return;
    }
    if (!ok()) return;
    if (n > left()) {
        fail("a text longer than the bytes left");
        s.clear();
        return;
    }
    s.assign(*in_, at_, static_cast<size_t>(n));
    at_ += static_cast<size_t>(n);
}

void StateIO::opt_vec2(std::optional<Vec2>& v) {
    bool has = v.has_value();
    flag(has);
    Vec2 p = v.value_or(Vec2{});
    if (has) vec2(p);
    v = has ? std::optional<Vec2>(p) : std::nullopt;
}

void StateIO::f64s(std::vector<double>& v) {
    list(v, [](StateIO& io, double& d) { io.f64(d); });
}

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

std::string to_base64(const std::string& bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t n = std::min<size_t>(3, bytes.size() - i);
        std::uint32_t v = 0;
        for (size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (size_t k = 0; k < 4; ++k) out.push_back(k <= n ? kAlphabet[(v >> (18 - 6 * k)) & 63] : '=');
    }
    return out;
}

bool from_base64(const std::string& text, std::string* bytes) {
    bytes->clear();
    if (text.size() % 4 != 0) return false;
    bytes->reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        std::uint32_t v = 0;
        int pad = 0;
        for (size_t k = 0; k < 4; ++k) {
            const char c = text[i + k];
            const char* at = c ? std::strchr(kAlphabet, c) : nullptr;
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                ++pad;
                v <<= 6;
                continue;
            }
            if (!at || pad > 0) return false;  // a letter after padding, or not one of the 64
            v = (v << 6) | static_cast<std::uint32_t>(at - kAlphabet);
        }
        for (int k = 0; k < 3 - pad; ++k) bytes->push_back(static_cast<char>((v >> (16 - 8 * k)) & 0xff));
    }
    return true;
}

}  // namespace flocklab
