// The WebGL painter: flocklab's own, on a WebGL 1 context made on the
// window's canvas with Emscripten's HTML5 API (SDL is built without GL: its
// EGL layer and Emscripten's EGL emulation were page bytes for one call). One shader draws everything: a colour per vertex times the
// alpha of a texture, ImGui's font atlas for the panels and a white texel for
// the views' shapes. It blends as SDL_BLENDMODE_BLEND does (and as the
// software rasteriser does), so both paths draw the same frame.
//
// It replaced SDL's renderer, whose GLES2 back end looked up every GL
// function by name and so kept all of Emscripten's WebGL bindings in the page.
#include <GLES2/gl2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstddef>

#include "font.hpp"
#include "paint.hpp"
#include "paint_commands.hpp"

namespace flocklab {

namespace {

constexpr const char* kVertexShader = R"(
uniform vec4 u_xform;  // device px -> clip space: x * u_xform.x + u_xform.z, y * u_xform.y + u_xform.w
attribute vec2 a_pos;
attribute vec4 a_color;
attribute vec2 a_uv;
varying vec4 v_color;
varying vec2 v_uv;
void main() {
    v_color = a_color;
    v_uv = a_uv;
    gl_Position = vec4(a_pos * u_xform.xy + u_xform.zw, 0.0, 1.0);
})";

constexpr const char* kFragmentShader = R"(
precision mediump float;
uniform sampler2D u_tex;
varying vec4 v_color;
varying vec2 v_uv;
void main() {
    gl_FragColor = vec4(v_color.rgb, v_color.a * texture2D(u_tex, v_uv).a);
})";

enum Attribute : GLuint { kPos = 0, kColor = 1, kUv = 2 };

GLuint compile(GLenum type, const char* source) {
    const GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        glDeleteShader(s);
        return 0;
    }
    return s;
}

// An alpha-only texture, sampled at the nearest texel (as the rasteriser does).
GLuint alpha_texture(int w, int h, const void* texels) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, w, h, 0, GL_ALPHA, GL_UNSIGNED_BYTE, texels);
    return t;
}

// 1 if the current context's renderer draws in software: SwiftShader (a
// GPU the browser blocklists, or none), Mesa's llvmpipe or softpipe,
// Windows' basic render driver. Chromium and WebKit mask RENDERER
// ("WebKit WebGL") and name it through WEBGL_debug_renderer_info; Firefox
// names it in RENDERER (and warns on that extension), so it is asked only
// where RENDERER is masked.
EM_JS(int, fl_gl_software, (), {
    var gl = GLctx;
    var name = String(gl.getParameter(gl.RENDERER) || "");
    if (/^WebKit/.test(name)) {
        var info = gl.getExtension('WEBGL_debug_renderer_info');
        if (info) name = String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL) || "");
    }
    return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name) ? 1 : 0;
});

class WebGlPainter final : public Painter {
public:
    explicit WebGlPainter(EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context) : context_(context) {}
    ~WebGlPainter() override {
        emscripten_webgl_make_context_current(context_);
        glDeleteBuffers(2, buffers_);
        glDeleteTextures(1, &font_);
        glDeleteTextures(1, &white_);
        glDeleteProgram(program_);
        emscripten_webgl_destroy_context(context_);
    }

    // The program, buffers and textures; false if the shaders do not compile.
    bool init() {
        const GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader);
        const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragmentShader);
        program_ = glCreateProgram();
        glAttachShader(program_, vs);
        glAttachShader(program_, fs);
        glBindAttribLocation(program_, kPos, "a_pos");
        glBindAttribLocation(program_, kColor, "a_color");
        glBindAttribLocation(program_, kUv, "a_uv");
        glLinkProgram(program_);
        glDeleteShader(vs);
        glDeleteShader(fs);
        GLint ok = 0;
        glGetProgramiv(program_, GL_LINK_STATUS, &ok);
        if (!vs || !fs || !ok) return false;
        xform_ = glGetUniformLocation(program_, "u_xform");
        glUseProgram(program_);
        glUniform1i(glGetUniformLocation(program_, "u_tex"), 0);
        glGenBuffers(2, buffers_);
        glBindBuffer(GL_ARRAY_BUFFER, buffers_[0]);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers_[1]);
        for (GLuint a : {kPos, kColor, kUv}) glEnableVertexAttribArray(a);
        const unsigned char opaque = 255;
        white_ = alpha_texture(1, 1, &opaque);
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        software_ = fl_gl_software() == 1;
        resized();
        return true;
    }

    // A software renderer pays for every pixel on the CPU, and the browser's
    // compositor then reads the canvas back every frame (38 ms for 900x540 here).
    bool software() const override { return software_; }

    // The canvas's backing store as it is: App::resize may hold it below
    // what SDL's window asks for (kMaxBackingPx), so SDL's drawable size
    // can be larger than the canvas.
    void output_size(int* w, int* h) const override {
        if (emscripten_get_canvas_element_size("#canvas", w, h) != EMSCRIPTEN_RESULT_SUCCESS) *w = *h = 0;
    }
    void resized() override {
        output_size(&width_, &height_);
        glViewport(0, 0, width_, height_);
    }
    void clear(SDL_Color bg) override {
        int w = 0, h = 0;  // SDL may have resized the backing store with the window
        output_size(&w, &h);
        if (w != width_ || h != height_) resized();
        glDisable(GL_SCISSOR_TEST);
        glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    void triangles(const std::vector<SDL_Vertex>& v, float sx, float sy) override {
        if (v.empty()) return;
        begin(sx, sy, white_);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(v.size() * sizeof(SDL_Vertex)), v.data(), GL_STREAM_DRAW);
        layout(sizeof(SDL_Vertex), offsetof(SDL_Vertex, position), offsetof(SDL_Vertex, color),
               offsetof(SDL_Vertex, tex_coord));
        glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(v.size()));
    }
    void ui(const ImDrawData& d, float sx, float sy) override {
        if (!font_) {  // on the first frame: ImGui's context exists by then
            const AlphaTexture atlas = ui_font_atlas();
            font_ = alpha_texture(atlas.width, atlas.height, atlas.alpha);
        }
        begin(sx, sy, font_);
        glEnable(GL_SCISSOR_TEST);
        each_command(d, [&](const ImDrawVert* v, int vertices, const ImDrawIdx* idx, int count, const ImVec4& c) {
            const PixelRect r = device_clip(c, sx, sy);
            glScissor(r.x0, height_ - r.y1, r.x1 - r.x0, r.y1 - r.y0);  // GL counts rows from the bottom
            glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices * sizeof(ImDrawVert)), v, GL_STREAM_DRAW);
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(count * sizeof(ImDrawIdx)), idx, GL_STREAM_DRAW);
            layout(sizeof(ImDrawVert), offsetof(ImDrawVert, pos), offsetof(ImDrawVert, col), offsetof(ImDrawVert, uv));
            static_assert(sizeof(ImDrawIdx) == 2);
            glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_SHORT, nullptr);
        });
        glDisable(GL_SCISSOR_TEST);
    }
    void present() override {}  // the browser shows the frame when the animation frame returns

private:
    bool software_ = false;
    // Coordinates times (sx, sy) are device px; the canvas's top left is (0, 0).
    void begin(float sx, float sy, GLuint texture) {
        glUniform4f(xform_, 2.0f * sx / static_cast<float>(width_), -2.0f * sy / static_cast<float>(height_), -1.0f,
                    1.0f);
        glBindTexture(GL_TEXTURE_2D, texture);
    }
    // Vertices of `stride` bytes: two floats of position, four colour bytes
    // (R, G, B, A) and two floats of texture coordinates at these offsets.
    static void layout(std::size_t stride, std::size_t pos, std::size_t color, std::size_t uv) {
        const auto at = [](std::size_t offset) { return reinterpret_cast<const void*>(offset); };
        glVertexAttribPointer(kPos, 2, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(stride), at(pos));
        glVertexAttribPointer(kColor, 4, GL_UNSIGNED_BYTE, GL_TRUE, static_cast<GLsizei>(stride), at(color));
        glVertexAttribPointer(kUv, 2, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(stride), at(uv));
    }

    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context_;
    GLuint program_ = 0, font_ = 0, white_ = 0;
    GLuint buffers_[2] = {};
    GLint xform_ = -1;
    int width_ = 0, height_ = 0;
};

}  // namespace

std::unique_ptr<Painter> make_webgl_painter() {
    // WebGL 1, opaque, without depth, stencil or multisampling (everything
    // is drawn in order), on the canvas "#canvas" names now.
    EmscriptenWebGLContextAttributes a;
    emscripten_webgl_init_context_attributes(&a);
    a.alpha = a.depth = a.stencil = a.antialias = false;
    a.majorVersion = 1;
    a.minorVersion = 0;
    const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = emscripten_webgl_create_context("#canvas", &a);
    if (context <= 0 || emscripten_webgl_make_context_current(context) != EMSCRIPTEN_RESULT_SUCCESS) {
        if (context > 0) emscripten_webgl_destroy_context(context);
        SDL_SetError("the browser gave no WebGL context");
        return nullptr;
    }
    auto painter = std::make_unique<WebGlPainter>(context);
    if (!painter->init()) {
        SDL_SetError("the WebGL shaders did not compile");
        return nullptr;
    }
    return painter;
}

}  // namespace flocklab
