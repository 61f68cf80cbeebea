// flocklab's version, "MAJOR.MINOR.PATCH", from the file VERSION at the
// project's root (the one place it is written; see the README's "Releases").
#pragma once

namespace flocklab {
const char* version();
}  // namespace flocklab
