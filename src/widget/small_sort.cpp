// The C library's qsort() for the widget, in a few dozen bytes. Only Dear
// ImGui (its windows, tabs and widths) and SDL (a display's modes) call it,
// each on a handful of items, and musl's smoothsort cost about 1.4 kB of
// the wasm. An object that defines qsort is linked before the C library is
// searched, so the linker takes this one and never pulls musl's. An
// insertion sort by swaps of adjacent items: stable, no buffer whatever an
// item's size, and quadratic, which a list of a few items never notices.
#include <stdlib.h>

extern "C" void qsort(void* base, size_t count, size_t size, int (*compare)(const void*, const void*)) {
    unsigned char* items = static_cast<unsigned char*>(base);
    for (size_t i = 1; i < count; ++i) {
        for (size_t j = i; j > 0; --j) {
            unsigned char* a = items + (j - 1) * size;
            unsigned char* b = a + size;
            if (compare(a, b) <= 0) break;
            for (size_t k = 0; k < size; ++k) {
                const unsigned char t = a[k];
                a[k] = b[k];
                b[k] = t;
            }
        }
    }
}
