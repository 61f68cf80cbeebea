// A small JSON reader for the tests: enough for the golden files and the
// CLI's output. Numbers are read with strtod, which gives back exactly the
// double that Python's repr() wrote.
#pragma once

#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace testjson {

struct Value {
    enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
    bool b = false;
    double num = 0;
    std::string str;
    std::vector<Value> arr;
    std::map<std::string, Value> obj;

    const Value& operator[](const std::string& k) const {
        auto it = obj.find(k);
        if (kind != Object || it == obj.end()) throw std::runtime_error("no key " + k);
        return it->second;
    }
    const Value& operator[](size_t i) const { return arr.at(i); }
    size_t size() const { return kind == Array ? arr.size() : obj.size(); }
    bool has(const std::string& k) const { return kind == Object && obj.count(k); }
};

class Parser {
public:
    explicit Parser(const std::string& s) : s_(s) {}
    Value parse() {
        Value v = value();
        ws();
        if (i_ != s_.size()) fail("trailing characters");
        return v;
    }

private:
    [[noreturn]] void fail(const char* what) {
        throw std::runtime_error(std::string("json: ") + what + " at " + std::to_string(i_));
    }
    void ws() { while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_; }
    bool eat(char c) { ws(); if (i_ < s_.size() && s_[i_] == c) { ++i_; return true; } return false; }
    void expect(char c) { if (!eat(c)) fail("unexpected character"); }
    bool word(const char* w) {
        const std::string ws_(w);
        if (s_.compare(i_, ws_.size(), ws_) == 0) { i_ += ws_.size(); return true; }
        return false;
    }
    std::string string() {
        expect('"');
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            if (s_[i_] == '\\') ++i_;
            out += s_[i_++];
        }
        expect('"');
        return out;
    }
    Value value() {
        ws();
        Value v;
        if (i_ >= s_.size()) fail("unexpected end");
        const char c = s_[i_];
        if (c == '{') {
            v.kind = Value::Object;
            ++i_;
            if (eat('}')) return v;
            do {
                ws();
                std::string k = string();
                expect(':');
                v.obj[k] = value();
            } while (eat(','));
            expect('}');
        } else if (c == '[') {
            v.kind = Value::Array;
            ++i_;
            if (eat(']')) return v;
            do v.arr.push_back(value()); while (eat(','));
            expect(']');
        } else if (c == '"') {
            v.kind = Value::String;
            v.str = string();
        } else if (word("null")) {
        } else if (word("true")) { v.kind = Value::Bool; v.b = true;
        } else if (word("false")) { v.kind = Value::Bool;
        } else {
            const char* start = s_.c_str() + i_;
            char* end = nullptr;
            v.num = std::strtod(start, &end);
            if (end == start) fail("bad number");
            v.kind = Value::Number;
            i_ += static_cast<size_t>(end - start);
        }
        return v;
    }
    const std::string& s_;
    size_t i_ = 0;
};

inline Value parse(const std::string& s) { return Parser(s).parse(); }

inline std::string read_file(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot open " + path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) if (!l.empty()) out.push_back(l);
    return out;
}

}  // namespace testjson
