// The registry: one record per scene name, holding everything a scene
// registers from its own files, so no central list names it:
//
//   - its factory and place in the list, from its own .cpp, in the manner
//     of Box2D's RegisterSample:
//         FLOCKLAB_REGISTER_SCENE(SteerScene, "steer", 1);
//   - its keyboard rows, beside its view's key handler (src/widget/
//     steer_keys.cpp, plain C++ that the CLI and the tests link too):
//         FLOCKLAB_REGISTER_KEYS("steer", kSteerKeys, kSteerContexts);
//   - its view, from src/widget/steer_view.cpp (the WebAssembly build
//     only): register_view("steer", ...), which keeps the view's factory
//     in the same record (opaque here: the core knows no SDL or ImGui).
//
// registry_problems() says what a record lacks; the widget checks it at
// start-up and a native test for the key rows. The core is linked whole (an
// object library, see CMakeLists.txt), so every registration in it runs; a
// scene defined in a test file registers itself the same way. Rows are
// plain arrays: a registration costs one pointer at start. Pure C++.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "scene.hpp"
#include "words.hpp"

namespace flocklab {

struct SceneEntry {
    const char* name;                   // as Scene::name() says it
    int order;                          // place in lists and describe_json() (0: the default scene)
    std::unique_ptr<Scene> (*make)();   // a new scene at its lesson's start
};

// A scene's rows of the key table (KeyHelp::scene is "": keys_for() fills it
// in), and for each context it reports, the words the README's table shows
// it with ("hawk": "pointer hawk").
struct KeyEntry {
    const char* scene;
    const KeyHelp* keys;
    std::size_t key_count;
    const KeyContext* contexts;
    std::size_t context_count;
};

// Adds a scene (kept by address); returns true so that a namespace-scope
// constant can call it.
bool register_scene(const SceneEntry* entry);
// Every registered scene, in order.
std::vector<const SceneEntry*> scene_entries();
const SceneEntry* scene_entry(const std::string& name);  // nullptr if none
bool register_keys(const KeyEntry* entry);
const KeyEntry* key_entry(const std::string& scene);      // nullptr if none

// A view's factory as the registry keeps it: a plain function pointer of
// another type, cast back by the widget (src/widget/app.cpp) that stored it.
using ViewSlot = void (*)();
bool register_view_slot(const char* scene, ViewSlot make);
ViewSlot view_slot(const std::string& scene);             // nullptr if none

enum : unsigned { kTwiceScene = 1, kTwiceKeys = 2, kTwiceView = 4 };
// A scene's one record: what its files registered under its name.
struct SceneRecord {
    const char* name;
    const SceneEntry* scene = nullptr;  // FLOCKLAB_REGISTER_SCENE
    const KeyEntry* keys = nullptr;     // FLOCKLAB_REGISTER_KEYS
    ViewSlot view = nullptr;            // register_view (the widget's build)
    // Parts registered again under the name, as bits (kTwiceScene, ...): the
    // first registration stays, the later ones are reported.
    unsigned twice = 0;
};
const std::vector<SceneRecord>& scene_records();  // scenes in order, then names with no scene
// What the records lack, one sentence each: a scene without key rows (or
// without a view, where views are linked), key rows or a view registered
// under a name no scene has, a part registered twice under one name. Empty
// when every record is whole.
std::vector<std::string> registry_problems(bool views_linked);

template <class S>
std::unique_ptr<Scene> make_scene_of() {
    return std::make_unique<S>();
}

}  // namespace flocklab

#define FLOCKLAB_CONCAT2(a, b) a##b
#define FLOCKLAB_CONCAT(a, b) FLOCKLAB_CONCAT2(a, b)
#define FLOCKLAB_COUNT(array) (sizeof(array) / sizeof((array)[0]))
// FLOCKLAB_REGISTER_SCENE(Class, "name", order) at namespace scope, in the
// scene's own .cpp. The name must be what Class::name() says (a test checks
// every registered scene).
#define FLOCKLAB_REGISTER_SCENE(Class, name, order)                                                            \
    static const ::flocklab::SceneEntry FLOCKLAB_CONCAT(scene_entry_, __LINE__){name, order,                  \
                                                                                ::flocklab::make_scene_of<Class>}; \
    [[maybe_unused]] static const bool FLOCKLAB_CONCAT(registered_scene_, __LINE__) =                         \
        ::flocklab::register_scene(&FLOCKLAB_CONCAT(scene_entry_, __LINE__))
// FLOCKLAB_REGISTER_KEYS("name", keys, contexts): the scene's key rows and
// its contexts' words, both arrays; FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS for
// rows that apply always.
#define FLOCKLAB_REGISTER_KEYS_WITH(name, keys, contexts, context_count)                                       \
    static const ::flocklab::KeyEntry FLOCKLAB_CONCAT(key_entry_, __LINE__){name, keys, FLOCKLAB_COUNT(keys), \
                                                                            contexts, context_count};          \
    [[maybe_unused]] static const bool FLOCKLAB_CONCAT(registered_keys_, __LINE__) =                          \
        ::flocklab::register_keys(&FLOCKLAB_CONCAT(key_entry_, __LINE__))
#define FLOCKLAB_REGISTER_KEYS(name, keys, contexts) FLOCKLAB_REGISTER_KEYS_WITH(name, keys, contexts, FLOCKLAB_COUNT(contexts))
#define FLOCKLAB_REGISTER_KEYS_NO_CONTEXTS(name, keys) FLOCKLAB_REGISTER_KEYS_WITH(name, keys, nullptr, 0)
