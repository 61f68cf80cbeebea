#include "registry.hpp"

#include <algorithm>
#include <cstring>

namespace flocklab {

namespace {
// Built on first use, so a registration in any translation unit's static
// initialisation finds it ready.
std::vector<const SceneEntry*>& entries() {
    static std::vector<const SceneEntry*> e;
    return e;
}
}  // namespace

bool register_scene(const SceneEntry* entry) {
    std::vector<const SceneEntry*>& e = entries();
    const auto at = std::find_if(e.begin(), e.end(), [&](const SceneEntry* x) {
        return x->order > entry->order || (x->order == entry->order && std::strcmp(x->name, entry->name) > 0);
    });
    e.insert(at, entry);
    return true;
}

const std::vector<const SceneEntry*>& scene_entries() { return entries(); }

const SceneEntry* scene_entry(const std::string& name) {
    for (const SceneEntry* e : entries()) {
        if (name == e->name) return e;
    }
    return nullptr;
}

namespace {
std::vector<const KeyEntry*>& key_entries() {
    static std::vector<const KeyEntry*> e;
    return e;
}
}  // namespace

bool register_keys(const KeyEntry* entry) {
    key_entries().push_back(entry);
    return true;
}

const KeyEntry* key_entry(const std::string& scene) {
    for (const KeyEntry* e : key_entries()) {
        if (scene == e->scene) return e;
    }
    return nullptr;
}

std::unique_ptr<Scene> make_scene(const std::string& name) {
    const SceneEntry* e = scene_entry(name);
    return e ? e->make() : nullptr;
}

const std::vector<const char*>& scene_names() {
    // Registration ends before main(); the names are read after it.
    static const std::vector<const char*> names = [] {
        std::vector<const char*> v;
        for (const SceneEntry* e : entries()) v.push_back(e->name);
        return v;
    }();
    return names;
}

}  // namespace flocklab
