package themes

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// isolate points the config dir at a fresh temp dir and clears NO_COLOR, so
// no test sees the developer's own themes or environment. It returns the
// themes dir, which does not exist yet.
func isolate(t *testing.T) string {
	t.Helper()
	cfg := t.TempDir()
	t.Setenv(EnvConfigDir, cfg)
	t.Setenv(EnvNoColor, "")
	return filepath.Join(cfg, "themes")
}

// writeTheme writes a theme file into dir (creating it) and returns its path.
func writeTheme(t *testing.T, dir, file, content string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// render draws s the way a true-colour terminal with the given background
// would receive it, without touching lipgloss's global renderer.
func render(s lipgloss.Style, darkBackground bool, text string) string {
	return renderIn(termenv.TrueColor, s, darkBackground, text)
}

// renderIn is render on a terminal with the given colour profile.
func renderIn(profile termenv.Profile, s lipgloss.Style, darkBackground bool, text string) string {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(darkBackground)
	return s.Renderer(r).Render(text)
}

// allStyles returns every lipgloss.Style in s by field path (including those
// in Help and TextInput), so a style added to Styles is tested without
// anyone remembering to list it.
func allStyles(s Styles) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	var walk func(prefix string, v reflect.Value)
	walk = func(prefix string, v reflect.Value) {
		for i := 0; i < v.NumField(); i++ {
			f, name := v.Field(i), prefix+v.Type().Field(i).Name
			if st, ok := f.Interface().(lipgloss.Style); ok {
				out[name] = st
			} else if f.Kind() == reflect.Struct {
				walk(name+".", f)
			}
		}
	}
	walk("", reflect.ValueOf(s))
	return out
}
