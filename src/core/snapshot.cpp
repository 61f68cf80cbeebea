// A whole session as bytes, and a new session made from them that goes on
// exactly as the first would have (session.hpp, "A snapshot"). The
// settings are read back through the one path every setting takes
// (apply_settings); what they cannot give (the state, the history, a
// response on its way) is read after them and overwrites what applying
// them marked.
#include <memory>

#include "registry.hpp"
#include "session.hpp"

namespace flocklab {

namespace {
constexpr const char* kMagic = "flocklab snapshot 1";
using Pairs = std::vector<std::pair<std::string, std::string>>;

void pairs_io(StateIO& io, Pairs& p) {
    io.list(p, [](StateIO& io, std::pair<std::string, std::string>& kv) {
        io.text(kv.first);
        io.text(kv.second);
    });
}

void gauge_values_io(StateIO& io, std::vector<Gauge>& g) {
    // A gauge's words are the scene's own (read back from gauges()); its numbers are the moment's.
    io.list(g, [](StateIO& io, Gauge& x) {
        io.f64(x.value);
        io.i32(x.decimals);
        io.f64(x.ceiling);
        io.f64(x.plausible);
        io.f64(x.same);
    });
}
}  // namespace

std::string Session::snapshot() {
    StateIO io = StateIO::writer();
    std::string magic = kMagic, kind = scene_->name();
    io.text(magic);
    io.text(kind);
    Pairs s = scene_->settings();
    pairs_io(io, s);
    session_io(io);  // a writer writes what a reader reads, in the same order
    return io.bytes();
}

bool Session::session_io(StateIO& io) {
    io.u64(scene_->seed_);
    io.i64(scene_->steps_);
    scene_->state_io(io);
    // The what-if lane: made again from its changes (it takes this one's
    // settings, as compare() gives them), then its own state.
    bool lane = lane_ != nullptr;
    io.flag(lane);
    Pairs changes = changes_;
    pairs_io(io, changes);
    if (io.reading() && io.ok() && lane) {
        if (compare(changes).status == SetResult::Invalid || !lane_) io.fail("the what-if lane's changes no longer apply");
    }
    if (lane && lane_) {
        io.u64(lane_->seed_);
        io.i64(lane_->steps_);
        lane_->state_io(io);
    }
    pairs_io(io, remembered_);
    history_.state_io(io);
    // A response on its way.
    bool pending = pending_.has_value();
    io.flag(pending);
    if (pending) {
        if (io.reading()) pending_ = Pending{"", 0, scene_->gauges(), {}};
        io.text(pending_->what);
        io.i64(pending_->steps);
        const size_t count = pending_->before.size();
        gauge_values_io(io, pending_->before);
        if (io.reading() && pending_->before.size() != count) io.fail("a response's gauges are not the scene's");
        const std::vector<Gauge> words = scene_->gauges();
        for (size_t k = 0; k < pending_->before.size() && k < words.size(); ++k) {
            pending_->before[k].name = words[k].name;
            pending_->before[k].unit = words[k].unit;
        }
    } else if (io.reading()) {
        pending_.reset();
    }
    io.f64(answered_from_);
    io.text(ready_);
    io.i64(paused_hint_at_);
    if (io.reading() && scene_->steps_ < 0) io.fail("a negative step count");
    return io.ok();
}

std::unique_ptr<Session> restore_session(const std::string& bytes, std::string* why) {
    StateIO io = StateIO::reader(bytes);
    std::string magic, kind;
    io.text(magic);
    if (!io.ok() || magic != kMagic) {
        *why = "not a flocklab snapshot (or one of another version)";
        return nullptr;
    }
    io.text(kind);
    std::unique_ptr<Session> s = io.ok() ? make_session(kind) : nullptr;
    if (!s) {
        *why = "a snapshot of a scene this build does not have ('" + shortened(kind) + "')";
        return nullptr;
    }
    Pairs settings;
    pairs_io(io, settings);
    if (io.ok()) s->scene().apply_settings(settings);
    if (!s->session_io(io) || !io.finished()) {
        *why = "a damaged snapshot: " + io.why();
        return nullptr;
    }
    return s;
}

}  // namespace flocklab
