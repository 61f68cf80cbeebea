#include "decimal.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace flocklab {
namespace {

// A whole number of any size: 32-bit limbs, least significant first, no
// leading zero limb (zero has none), so that the longer one is the larger.
class Big {
public:
    explicit Big(std::uint64_t v = 0) {
        for (; v; v >>= 32) limbs_.push_back(static_cast<std::uint32_t>(v));
    }
    void mul_add(std::uint32_t m, std::uint32_t a) {  // this = this * m + a
        std::uint64_t carry = a;
        for (std::uint32_t& l : limbs_) {
            const std::uint64_t t = std::uint64_t{l} * m + carry;
            l = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
    }
    void mul_pow5(int k) {
        for (; k >= 13; k -= 13) mul_add(1220703125u, 0);  // 5^13
        std::uint32_t p = 1;
        for (; k > 0; --k) p *= 5;
        mul_add(p, 0);
    }
    void shift_left(int k) {
        if (limbs_.empty()) return;
        if (const int bits = k % 32) {
            std::uint32_t carry = 0;
            for (std::uint32_t& l : limbs_) {
                const std::uint32_t next = l >> (32 - bits);
                l = (l << bits) | carry;
                carry = next;
            }
            if (carry) limbs_.push_back(carry);
        }
        limbs_.insert(limbs_.begin(), static_cast<std::size_t>(k / 32), 0u);
    }
    friend int compare(const Big& a, const Big& b) {
        if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
        for (std::size_t i = a.limbs_.size(); i-- > 0;) {
            if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
        }
        return 0;
    }

private:
    std::vector<std::uint32_t> limbs_;
};

// digits * 10^exp10 against h * 2^exp2, exactly: -1, 0 or 1.
int compare_exact(const Big& digits, int exp10, std::uint64_t h, int exp2) {
    Big a = digits, b(h);
    if (exp10 >= 0) a.mul_pow5(exp10);
    else b.mul_pow5(-exp10);
    if (exp10 >= exp2) a.shift_left(exp10 - exp2);
    else b.shift_left(exp2 - exp10);
    return compare(a, b);
}

double from_bits(std::uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Any decimal with more significant digits than a halfway point between two
// doubles can have (767) reads as its first 768 digits and a 1 after them.
constexpr std::size_t kMaxDigits = 768;
constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// The nearest double to digits * 10^exp10 (digits: no leading zero, not empty).
double nearest(const std::string& digits, int exp10) {
    const int n = static_cast<int>(digits.size());
    if (exp10 + n - 1 > 308) return from_bits(0x7FF0000000000000);  // at least 1e309
    if (exp10 + n < -324) return 0.0;                                 // below 1e-324, under half the least double
    // A first guess from the first 19 digits: exact when they fit in 53 bits
    // and the power of ten is exact (then it is the answer), else a few ulps off.
    const int head = n < 19 ? n : 19;
    std::uint64_t m = 0;
    for (int i = 0; i < head; ++i) m = m * 10 + static_cast<std::uint64_t>(digits[static_cast<std::size_t>(i)] - '0');
    int e = exp10 + (n - head);
    double z = static_cast<double>(m);
    if (n == head && m < (std::uint64_t{1} << 53) && e >= -22 && e <= 22) return e >= 0 ? z * kPow10[e] : z / kPow10[-e];
    for (; e > 22; e -= 22) z *= 1e22;
    for (; e < -22; e += 22) z /= 1e22;
    z = e >= 0 ? z * kPow10[e] : z / kPow10[-e];
    // Then step by one ulp until the number lies within half an ulp (ties to even).
    Big exact;
    for (int i = 0; i < n; i += 9) {
        std::uint32_t chunk = 0, scale = 1;
        for (int j = i; j < n && j < i + 9; ++j, scale *= 10) chunk = chunk * 10 + static_cast<std::uint32_t>(digits[static_cast<std::size_t>(j)] - '0');
        exact.mul_add(scale, chunk);
    }
    std::uint64_t bits;
    std::memcpy(&bits, &z, sizeof bits);
    if (bits >= 0x7FF0000000000000) bits = 0x7FEFFFFFFFFFFFFF;  // the guess overflowed: start at the largest double
    for (;;) {
        const int field = static_cast<int>(bits >> 52);
        const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
        const std::uint64_t sig = field ? fraction | (std::uint64_t{1} << 52) : fraction;
        const int e2 = field ? field - 1075 : -1074;  // the double is sig * 2^e2
        int c = compare_exact(exact, exp10, 2 * sig + 1, e2 - 1);
        if (c > 0 || (c == 0 && (sig & 1))) {  // at or past the halfway point above
            ++bits;                            // the largest double's next is infinity
            if (bits == 0x7FF0000000000000) return from_bits(bits);
            continue;
        }
        if (sig == 0) return from_bits(bits);
        // Below a power of two the next double down is half as far.
        c = fraction == 0 && field > 1 ? compare_exact(exact, exp10, 4 * sig - 1, e2 - 2)
                                       : compare_exact(exact, exp10, 2 * sig - 1, e2 - 1);
        if (c < 0 || (c == 0 && (sig & 1))) {
            --bits;
            continue;
        }
        return from_bits(bits);
    }
}

}  // namespace

double read_decimal(const char* text, const char** end) {
    const char* p = text;
    const bool negative = *p == '-';
    if (*p == '+' || *p == '-') ++p;
    std::string digits;  // significant digits, the first not 0
    int exp10 = 0;       // the number is digits * 10^exp10
    bool any = false, dropped = false;
    for (; is_digit(*p); ++p) {
        any = true;
        if (digits.empty() && *p == '0') continue;
        if (digits.size() < kMaxDigits) digits += *p;
        else exp10++, dropped |= *p != '0';
    }
    if (*p == '.') {
        for (++p; is_digit(*p); ++p) {
            any = true;
            if (digits.size() < kMaxDigits) {
                if (!digits.empty() || *p != '0') digits += *p;
                exp10--;
            } else {
                dropped |= *p != '0';
            }
        }
    }
    if (!any) {
        *end = text;
        return 0.0;
    }
    if (*p == 'e' || *p == 'E') {
        const char* q = p + 1;
        const bool down = *q == '-';
        if (*q == '+' || *q == '-') ++q;
        if (is_digit(*q)) {
            int e = 0;
            for (; is_digit(*q); ++q) e = e < 100000 ? e * 10 + (*q - '0') : e;  // far past any double either way
            exp10 += down ? -e : e;
            p = q;
        }
    }
    *end = p;
    if (dropped) {
        digits += '1';
        exp10--;
    }
    for (; !digits.empty() && digits.back() == '0'; digits.pop_back()) exp10++;
    const double v = digits.empty() ? 0.0 : nearest(digits, exp10);
    return negative ? -v : v;
}

}  // namespace flocklab
