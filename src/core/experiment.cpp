#include "experiment.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "format.hpp"
#include "work.hpp"

namespace flocklab {

Summary summarize(const std::vector<double>& xs) {
    double sum = 0, lo = INFINITY, hi = -INFINITY;
    for (double x : xs) {
        sum += x;
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    return {static_cast<int>(xs.size()), xs.empty() ? std::nan("") : sum / static_cast<double>(xs.size()), lo, hi};
}

Experiment::Experiment(const std::string& scene, Settings base, std::string vary, std::vector<std::string> values,
                       std::vector<std::uint64_t> seeds, long long steps, std::string* why)
    : scene_(scene), base_(std::move(base)), vary_(std::move(vary)), values_(std::move(values)), seeds_(std::move(seeds)),
      steps_(std::max(0LL, steps)) {
    why->clear();
    std::unique_ptr<Scene> probe = make_scene(scene_);
    if (!probe) {
        *why = "no scene '" + shortened(scene_) + "'";
        return;
    }
    probe->apply_settings(base_);
    // The base's tunables alone: a clamp of one (min_speed below a lower
    // max_speed) is undone with them, without remaking the scene.
    Settings base_params;
    for (const Tunable& t : probe->tunables()) {
        tunable_ = tunable_ || vary_ == t.name;
        for (const auto& kv : base_) if (kv.first == t.name) base_params.push_back(kv);
    }
    if (!tunable_ && !probe->option(vary_)) {
        *why = "a " + scene_ + " scene has no setting '" + shortened(vary_) + "'";
        return;
    }
    if (values_.empty() || seeds_.empty()) {
        *why = "no values or no seeds";
        return;
    }
    for (const std::string& v : values_) {
        const SetResult r = tunable_ ? probe->set_param(vary_, v) : probe->set(vary_, v);
        if (r.status == SetResult::Invalid) {
            *why = r.message;
            return;
        }
        if (r.status == SetResult::Clamped) {
            const std::vector<std::string> lines = split_lines(r.message);  // one per name in r.clamped, in order
            for (size_t k = 0; k < r.clamped.size() && k < lines.size(); ++k) {
                if (r.clamped[k] == vary_) {
                    *why = lines[k].substr(0, lines[k].find("; using ")) + " (a sweep runs only values in range)";
                    return;
                }
                const std::string w = vary_ + " = " + shortened(v) + ": " + lines[k];
                if (std::find(warnings_.begin(), warnings_.end(), w) == warnings_.end()) warnings_.push_back(w);
            }
            probe->set_params(base_params);  // the next value starts from the base's tunables, as its run will
        }
        work_ = std::max(work_, probe->work_per_step());
        micros_ = std::max(micros_, probe->step_estimate());
    }
}

namespace {
// Whether t is a number as JSON writes one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?
bool json_number(const std::string& t) {
    size_t i = t[0] == '-' ? 1 : 0;
    const auto digits = [&] {
        const size_t from = i;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
        return i - from;
    };
    const size_t first = i;
    const size_t whole = digits();
    if (whole == 0 || (whole > 1 && t[first] == '0')) return false;
    if (i < t.size() && t[i] == '.' && (++i, digits() == 0)) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        if (digits() == 0) return false;
    }
    return i == t.size();
}
}  // namespace

std::vector<std::string> Experiment::values_of(const std::string& spec, Scene& probe, const std::string& name,
                                               std::string* why) {
    why->clear();
    std::vector<std::string> parts, out;
    for (size_t at = 0;;) {  // split on ':' (a range) or ',' (a list)
        const size_t sep = spec.find(spec.find(':') != std::string::npos ? ':' : ',', at);
        parts.push_back(spec.substr(at, sep == std::string::npos ? std::string::npos : sep - at));
        if (sep == std::string::npos) break;
        at = sep + 1;
    }
    bool tunable = false;
    for (const Tunable& t : probe.tunables()) tunable = tunable || t.name == name;
    const OptionSpec* o = probe.option(name);
    if (spec.find(':') == std::string::npos) {
        if (parts.size() > kMaxValues) *why = "at most " + std::to_string(kMaxValues) + " values";
        // A number written as JSON would not take it (.5, 5., +1, 00.5) is
        // written as the core reads it (0.5, 5.0, 1.0, 0.5): the value every
        // output names is valid JSON and reads back (issue 42 #9).
        for (std::string& p : parts) {
            double x;
            if ((!tunable && (!o || o->kind != OptionKind::Count)) || !parse_number(p, &x) || json_number(p)) continue;
            p = tunable || x != std::floor(x) ? py_repr(x) : std::to_string(std::llround(x));
        }
        return why->empty() ? parts : out;
    }
    double a, b, step;
    if (!tunable && (!o || o->kind != OptionKind::Count)) {
        *why = name + " takes a list of values, not a range";
    } else if (parts.size() != 3 || !parse_number(parts[0], &a) || !parse_number(parts[1], &b) || !parse_number(parts[2], &step) ||
               !(step > 0) || b < a) {
        *why = "expected START:STOP:STEP with STEP > 0 and STOP >= START, got '" + shortened(spec) + "'";
    } else if ((b - a) / step >= kMaxValues) {
        *why = "at most " + std::to_string(kMaxValues) + " values";
    } else {
        for (int k = 0;; ++k) {
            const double x = a + k * step;
            if (x > b + 1e-9 * step) break;
            out.push_back(tunable ? py_repr(x) : std::to_string(std::llround(x)));
        }
    }
    return why->empty() ? out : std::vector<std::string>{};
}

std::string Experiment::sweep_command(const std::string& scene, const Settings& base, const std::string& vary,
                                      const std::string& values_spec, const std::vector<std::uint64_t>& seeds, long long steps) {
    std::unique_ptr<Scene> fresh = make_scene(scene);
    if (!fresh) return "";
    const Settings defaults = fresh->settings();
    std::string o = "flocklab sweep --scene " + scene;
    for (const auto& [name, value] : base) {
        if (name == vary || std::find(defaults.begin(), defaults.end(), std::make_pair(name, value)) != defaults.end()) continue;
        bool tunable = false;
        for (const Tunable& t : fresh->tunables()) tunable = tunable || name == t.name;
        o += (tunable ? " --set " : " --option ") + name + "=" + value;
    }
    o += " --vary " + vary + "=" + values_spec + " --seeds ";
    // A run of consecutive seeds as FIRST-LAST, else a list.
    bool consecutive = true;
    for (size_t i = 1; i < seeds.size(); ++i) consecutive = consecutive && seeds[i] == seeds[i - 1] + 1;
    if (consecutive && seeds.size() > 2) o += std::to_string(seeds.front()) + "-" + std::to_string(seeds.back());
    else {
        for (size_t i = 0; i < seeds.size(); ++i) o += (i ? "," : "") + std::to_string(seeds[i]);
    }
    return o + " --steps " + std::to_string(steps) + " --csv";
}

bool parse_seeds(const std::string& text, std::size_t most, std::uint64_t largest, std::vector<std::uint64_t>* out,
                 std::string* why) {
    out->clear();
    const char* p = text.c_str();
    const char* const end = p + text.size();  // a NUL inside is not the end
    bool too_large = false;
    const auto spaces = [&] {
        while (*p == ' ') ++p;
    };
    const auto number = [&](std::uint64_t* v) {
        spaces();
        if (*p < '0' || *p > '9') return false;
        std::uint64_t n = 0;
        for (; *p >= '0' && *p <= '9'; ++p) {
            const std::uint64_t d = static_cast<std::uint64_t>(*p - '0');
            too_large = too_large || d > largest || n > (largest - d) / 10;
            if (!too_large) n = n * 10 + d;
        }
        spaces();
        *v = n;
        return true;
    };
    for (;;) {
        std::uint64_t a = 0, b = 0;
        if (!number(&a)) break;
        b = a;
        if (*p == '-') {
            ++p;
            if (!number(&b)) break;
        }
        if (too_large) {
            *why = "seeds go up to " + std::to_string(largest);
            return false;
        }
        if (b < a) {
            *why = "range " + std::to_string(a) + "-" + std::to_string(b) + " runs backwards";
            return false;
        }
        if (b - a >= most || out->size() + (b - a) >= most) {
            *why = "at most " + std::to_string(most) + " seeds";
            return false;
        }
        for (std::uint64_t s = a;; ++s) {
            out->push_back(s);
            if (s == b) break;
        }
        if (p == end) return true;
        if (*p != ',') break;
        ++p;
    }
    *why = "expected seeds such as 7, 0-11 or 1,4,9";
    return false;
}

std::unique_ptr<Experiment> Experiment::from_text(const std::string& scene, Settings base, const std::string& vary,
                                                  const std::string& values, const std::string& seeds, long long steps,
                                                  std::string* why, const std::string& values_spec) {
    std::vector<std::uint64_t> seed_list;
    if (!parse_seeds(seeds, kMaxPageSeeds, kMaxSeed, &seed_list, why)) {
        *why = "data-seeds=\"" + shortened(seeds) + "\": " + *why;
        return nullptr;
    }
    const std::vector<std::string> value_list = split_lines(values);
    auto e = std::make_unique<Experiment>(scene, std::move(base), vary, value_list, seed_list, steps, why);
    // Refused for its size: the command that runs it (the values as the page wrote them, or listed).
    const auto cli = [&] {
        std::string spec;
        for (size_t i = 0; i < value_list.size(); ++i) spec += (i ? "," : "") + value_list[i];
        if (!values_spec.empty()) spec = values_spec;
        return "; the CLI runs it: " + sweep_command(scene, e->base_, vary, spec, seed_list, steps);
    };
    if (!why->empty()) return nullptr;
    // A page's experiment is held to the CLI's limit, estimated for the page's
    // slower step: weeks of work are refused with the estimate, and more than
    // a minute is said before it starts.
    const std::string noun = make_scene(scene)->agent_noun();
    const double work = static_cast<double>(e->work_per_step()), n = static_cast<double>(steps), runs = e->runs();
    *why = step_refusal("experiment", noun, work, e->micros_, n, runs, kPageSlowdown);
    if (!why->empty()) {
        *why += cli();
        return nullptr;
    }
    if (e->runs() > kMaxPageRuns) {
        *why = "experiment: " + std::to_string(value_list.size()) + " values x " + std::to_string(seed_list.size()) + " seeds are " +
               std::to_string(e->runs()) + " runs, more than the " + std::to_string(kMaxPageRuns) +
               " a page makes (each is a row and a dot of the chart): ask for fewer values or seeds" + cli();
        return nullptr;
    }
    const double seconds = e->micros_ * n * runs * kPageSlowdown * 1e-6;
    if (seconds > 60) e->warnings_.push_back("experiment: " + std::to_string(e->runs()) + " runs of " + whole_words(work) + " " + noun + "s x " + whole_words(n) + " steps are about " + duration_words(seconds) + " of work on this machine");
    return e;
}

std::unique_ptr<Session> Experiment::start(int i) const {
    std::unique_ptr<Session> s = make_session(scene_);
    s->scene().apply_settings(base_);
    if (tunable_) s->scene().set_param(vary_, value(i));
    else s->scene().set(vary_, value(i));
    if (!compare_.empty()) s->compare(compare_);  // checked by the caller (the base took it)
    s->reset(seed(i));
    return s;
}

bool Experiment::work(double budget_ms) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const auto spent = [&] { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); };
    while (finished() < runs()) {
        const int i = finished();
        if (!run_) run_ = start(i);
        while (run_->steps() < steps_) {
            run_->step(1);
            if (spent() > budget_ms) return false;
        }
        rows_.push_back(row(i, *run_));
        run_.reset();
        if (spent() > budget_ms) break;
    }
    return finished() == runs();
}

std::string Experiment::row(int i, Session& s) const {
    std::string o = "{\"run\": " + std::to_string(i) + ", \"value\": " + json_string(value(i)) + ", \"seed\": " + std::to_string(seed(i));
    for (const Gauge& g : s.measured()) o += ", " + json_string(g.name) + ": " + py_repr(g.value);
    return o + "}";
}

std::string Experiment::run(int i) const {
    std::unique_ptr<Session> s = start(i);
    s->step(static_cast<int>(steps_));
    return row(i, *s);
}

std::string Experiment::json(int first) const {
    std::string o = "[";
    for (size_t k = static_cast<size_t>(std::max(first, 0)); k < rows_.size(); ++k) o += (o.size() > 1 ? ", " : "") + rows_[k];
    return o + "]";
}

}  // namespace flocklab
