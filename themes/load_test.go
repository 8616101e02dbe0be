package themes

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

func TestDir(t *testing.T) {
	home := t.TempDir()
	tests := []struct {
		name, configDir, xdg, want string
	}{
		{"override wins", "/etc/mcpscope-test", "/xdg", "/etc/mcpscope-test/themes"},
		{"xdg", "", "/xdg", "/xdg/mcpscope/themes"},
		{"relative xdg is ignored", "", "rel/xdg", filepath.Join(home, ".config", "mcpscope", "themes")},
		{"home fallback", "", "", filepath.Join(home, ".config", "mcpscope", "themes")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("HOME", home)
			t.Setenv(EnvConfigDir, tc.configDir)
			t.Setenv("XDG_CONFIG_HOME", tc.xdg)
			if got := Dir(); got != tc.want {
				t.Errorf("Dir() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLoadUserThemeOverlaysBase(t *testing.T) {
	dir := isolate(t)
	path := writeTheme(t, dir, "ocean.yaml", "base: light\nprimary: \"#005f87\"\n")
	got, err := Load("ocean")
	if err != nil {
		t.Fatalf("Load(ocean): %v", err)
	}
	if got.Name != "ocean" || got.Source != path {
		t.Errorf("Load(ocean) = name %q source %q, want ocean from %s", got.Name, got.Source, path)
	}
	if want := lipgloss.Color("#005f87"); got.Palette.Primary != want {
		t.Errorf("Primary = %#v, want %#v from the file", got.Palette.Primary, want)
	}
	if got.Palette.Error != lightPalette.Error || got.Palette.Background != lightPalette.Background {
		t.Errorf("Error, Background = %#v, %#v, want light's %#v, %#v", got.Palette.Error,
			got.Palette.Background, lightPalette.Error, lightPalette.Background)
	}
}

func TestLoadUserFileWinsOverBuiltin(t *testing.T) {
	dir := isolate(t)
	path := writeTheme(t, dir, "dark.yaml", "base: dark\nselection: 238\n")
	got, err := Load("dark")
	if err != nil {
		t.Fatalf("Load(dark): %v", err)
	}
	if got.Source != path || got.Palette.Selection != lipgloss.Color("238") {
		t.Errorf("Load(dark) = source %q selection %#v, want the user file %s with selection 238", got.Source, got.Palette.Selection, path)
	}
}

func TestLoadBrokenUserFileIsAnError(t *testing.T) {
	dir := isolate(t)
	path := writeTheme(t, dir, "dark.yaml", "base: dark\nprimry: 1\n")
	_, err := Load("dark")
	if err == nil || !strings.Contains(err.Error(), path+`:2: unknown key "primry"`) {
		t.Errorf("Load(dark) with a broken dark.yaml: error = %v, want %s:2: unknown key", err, path)
	}
}

func TestLoadEmptyNameHonoursNoColor(t *testing.T) {
	tests := []struct{ noColor, name, want string }{
		{"", "", "default"},
		{"1", "", "mono"},
		{"true", "", "mono"},
		{"1", "dark", "dark"},
		{"", "mono", "mono"},
	}
	for _, tc := range tests {
		isolate(t)
		t.Setenv(EnvNoColor, tc.noColor)
		got, err := Load(tc.name)
		if err != nil {
			t.Fatalf("Load(%q) with NO_COLOR=%q: %v", tc.name, tc.noColor, err)
		}
		if got.Name != tc.want {
			t.Errorf("Load(%q) with NO_COLOR=%q = %q, want %q", tc.name, tc.noColor, got.Name, tc.want)
		}
	}
}

func TestLoadUnknownNameListsAvailable(t *testing.T) {
	dir := isolate(t)
	writeTheme(t, dir, "ocean.yaml", "base: dark\n")
	writeTheme(t, dir, "dark.yaml", "base: dark\n")
	_, err := Load("solarized")
	if err == nil {
		t.Fatal("Load(solarized) succeeded, want an error")
	}
	msg := err.Error()
	for _, want := range []string{`unknown theme "solarized"`, "default, dark, light, high-contrast, mono, ocean", dir} {
		if !strings.Contains(msg, want) {
			t.Errorf("error = %q, want it to contain %q", msg, want)
		}
	}
	if strings.Count(msg, "dark,") != 1 {
		t.Errorf("error = %q, want dark listed once although both a built-in and a file", msg)
	}
}

func TestLoadRejectsNamesThatAreNotNames(t *testing.T) {
	dir := isolate(t)
	writeTheme(t, filepath.Dir(dir), "secret.yaml", "base: dark\n")
	for _, name := range []string{"../secret", "a/b", `a\b`, ".hidden"} {
		if _, err := Load(name); err == nil || !strings.Contains(err.Error(), "bad theme name") {
			t.Errorf("Load(%q) error = %v, want a bad theme name error", name, err)
		}
	}
}

func TestListBuiltinsThenUserThemesWithErrors(t *testing.T) {
	dir := isolate(t)
	ocean := writeTheme(t, dir, "ocean.yaml", "base: dark\ndescription: blue\n")
	bad := writeTheme(t, dir, "bad.yaml", "base: dark\nerror: \"#12345g\"\n")
	writeTheme(t, dir, "README.txt", "not a theme")
	old := writeTheme(t, dir, "old.yml", "base: dark\n")
	mine := writeTheme(t, dir, "light.yaml", "base: light\ninfo: 4\n")
	writeTheme(t, filepath.Join(dir, "sub.yaml"), "x.yaml", "base: dark\n")

	themes, errs := List()
	var names []string
	for _, th := range themes {
		names = append(names, th.Name)
	}
	if want := []string{"default", "dark", "light", "high-contrast", "mono", "ocean"}; !reflect.DeepEqual(names, want) {
		t.Errorf("List() names = %v, want %v", names, want)
	}
	if got := themes[2].Source; got != mine {
		t.Errorf("List() light source = %q, want the user file %s", got, mine)
	}
	if got := themes[5].Source; got != ocean {
		t.Errorf("List() ocean source = %q, want %s", got, ocean)
	}
	if len(errs) != 2 {
		t.Fatalf("List() errors = %v, want 2 (bad.yaml, old.yml)", errs)
	}
	joined := errors.Join(errs...).Error()
	for _, want := range []string{bad + `:2: bad colour "#12345g"`, old + ": theme files must end in .yaml; rename it to old.yaml"} {
		if !strings.Contains(joined, want) {
			t.Errorf("List() errors = %q, want %q", joined, want)
		}
	}
}

func TestListWithoutThemesDir(t *testing.T) {
	isolate(t)
	themes, errs := List()
	if len(errs) != 0 {
		t.Errorf("List() errors = %v, want none when the themes dir does not exist", errs)
	}
	if got, want := len(themes), len(Builtins()); got != want {
		t.Errorf("List() = %d themes, want the %d built-ins", got, want)
	}
}
