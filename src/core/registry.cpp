#include "registry.hpp"

#include <cstring>

namespace flocklab {

namespace {
// The one table, built on first use so that a registration in any
// translation unit's static initialisation finds it ready: scenes in their
// order, then records named only by key rows or a view.
std::vector<SceneRecord>& records() {
    static std::vector<SceneRecord> r;
    return r;
}

SceneRecord* find(const char* name) {
    for (SceneRecord& r : records()) {
        if (std::strcmp(r.name, name) == 0) return &r;
    }
    return nullptr;
}

SceneRecord& record(const char* name) {
    if (SceneRecord* r = find(name)) return *r;
    SceneRecord r{};
    r.name = name;
    return records().emplace_back(r);
}

// A record's place: by its scene's order, then name; records without a scene last.
bool before(const SceneRecord& a, const SceneRecord& b) {
    if (!a.scene || !b.scene) return a.scene != nullptr && b.scene == nullptr;
    return a.scene->order < b.scene->order || (a.scene->order == b.scene->order && std::strcmp(a.scene->name, b.scene->name) < 0);
}
}  // namespace

bool register_scene(const SceneEntry* entry) {
    std::vector<SceneRecord>& all = records();
    SceneRecord r{};
    r.name = entry->name;
    if (const SceneRecord* had = find(entry->name)) {  // its keys or view came first, or a scene of that name
        if (had->scene) {
            record(entry->name).twice |= kTwiceScene;
            return true;
        }
        r = *had;
        all.erase(all.begin() + (had - all.data()));
    }
    r.scene = entry;
    auto at = all.begin();
    while (at != all.end() && !before(r, *at)) ++at;
    all.insert(at, r);
    return true;
}

std::vector<const SceneEntry*> scene_entries() {
    std::vector<const SceneEntry*> e;
    for (const SceneRecord& r : records()) {
        if (r.scene) e.push_back(r.scene);
    }
    return e;
}

const SceneEntry* scene_entry(const std::string& name) {
    const SceneRecord* r = find(name.c_str());
    return r ? r->scene : nullptr;
}

// A part of a record, set once: a second registration is noted, not used.
template <typename T>
void set_once(SceneRecord& r, T& part, T value, unsigned bit) {
    if (part) r.twice |= bit;
    else part = value;
}

bool register_keys(const KeyEntry* entry) {
    SceneRecord& r = record(entry->scene);
    set_once(r, r.keys, entry, kTwiceKeys);
    return true;
}

const KeyEntry* key_entry(const std::string& scene) {
    const SceneRecord* r = find(scene.c_str());
    return r ? r->keys : nullptr;
}

bool register_view_slot(const char* scene, ViewSlot make) {
    SceneRecord& r = record(scene);
    set_once(r, r.view, make, kTwiceView);
    return true;
}

ViewSlot view_slot(const std::string& scene) {
    const SceneRecord* r = find(scene.c_str());
    return r ? r->view : nullptr;
}

const std::vector<SceneRecord>& scene_records() { return records(); }

std::vector<std::string> registry_problems(bool views_linked) {
    std::vector<std::string> out;
    for (const SceneRecord& r : records()) {
        const std::string name = r.name;
        const char* const parts[] = {"a scene", "key rows", "a view"};
        for (unsigned b = 0; b < 3; ++b) {
            if (r.twice & (1u << b)) {
                out.push_back("more than one registration of " + std::string(parts[b]) + " under \"" + name + "\": the first is used, the rest ignored (one name, one scene)");
            }
        }
        if (!r.scene) {
            if (r.keys) out.push_back("key rows are registered for \"" + name + "\", which no scene registered (FLOCKLAB_REGISTER_SCENE)");
            if (r.view) out.push_back("a view is registered for \"" + name + "\", which no scene registered (FLOCKLAB_REGISTER_SCENE)");
            continue;
        }
        if (!r.keys) out.push_back("the scene \"" + name + "\" has no key rows: FLOCKLAB_REGISTER_KEYS in src/widget/" + name + "_keys.cpp");
        if (views_linked && !r.view) out.push_back("the scene \"" + name + "\" has no view: register_view(\"" + name + "\", ...) in src/widget/" + name + "_view.cpp");
    }
    return out;
}

std::unique_ptr<Scene> make_scene(const std::string& name) {
    const SceneEntry* e = scene_entry(name);
    return e ? e->make() : nullptr;
}

const std::vector<const char*>& scene_names() {
    // Registration ends before main(); the names are read after it.
    static const std::vector<const char*> names = [] {
        std::vector<const char*> v;
        for (const SceneEntry* e : scene_entries()) v.push_back(e->name);
        return v;
    }();
    return names;
}

}  // namespace flocklab
