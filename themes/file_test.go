package themes

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

func TestParseFileOverlaysBase(t *testing.T) {
	dir := t.TempDir()
	path := writeTheme(t, dir, "ocean.yaml", `# deep blue
base: dark
description: calm blues
primary: "#0077BE"
error: 196
background: none
`)
	got, err := ParseFile(path)
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	want := Theme{Name: "ocean", Description: "calm blues", Palette: darkPalette, Source: path}
	want.Palette.Primary = lipgloss.Color("#0077be")
	want.Palette.Error = lipgloss.Color("196")
	want.Palette.Background = lipgloss.NoColor{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseFile(%s) =\n%+v\nwant\n%+v", path, got, want)
	}
}

func TestParseFileDefaultsToDefaultBase(t *testing.T) {
	dir := t.TempDir()
	for _, content := range []string{"", "# only a comment\n", "description: mine\n"} {
		got, err := ParseFile(writeTheme(t, dir, "mine.yaml", content))
		if err != nil {
			t.Fatalf("ParseFile(%q): %v", content, err)
		}
		if want := Builtins()[0].Palette; !reflect.DeepEqual(got.Palette, want) {
			t.Errorf("ParseFile(%q).Palette = %+v, want the default palette", content, got.Palette)
		}
	}
}

func TestParseFileColourForms(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		value string
		want  lipgloss.TerminalColor
	}{
		{`"#A6E3A1"`, lipgloss.Color("#a6e3a1")},
		{`"#abc"`, lipgloss.Color("#aabbcc")},
		{`'#123456'`, lipgloss.Color("#123456")},
		{`0`, lipgloss.Color("0")},
		{`255`, lipgloss.Color("255")},
		{`"42"`, lipgloss.Color("42")},
		{`007`, lipgloss.Color("7")},
		{`none`, lipgloss.NoColor{}},
		{`{light: "#fff", dark: 236}`, lipgloss.AdaptiveColor{Light: "#ffffff", Dark: "236"}},
		{"\n  light: \"#000000\"\n  dark: none", lipgloss.AdaptiveColor{Light: "#000000", Dark: ""}},
	}
	for _, tc := range tests {
		got, err := ParseFile(writeTheme(t, dir, "c.yaml", "base: light\nsuccess: "+tc.value+"\n"))
		if err != nil {
			t.Errorf("success: %s: %v", tc.value, err)
			continue
		}
		if !reflect.DeepEqual(got.Palette.Success, tc.want) {
			t.Errorf("success: %s gives %#v, want %#v", tc.value, got.Palette.Success, tc.want)
		}
	}
}

func TestParseFileErrorsNameFileLineAndBadText(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		content string
		line    int
		want    []string
	}{
		{"unknown key", "base: dark\n\n# typo below\nprimry: \"#ffffff\"\n", 4,
			[]string{`unknown key "primry"`, "known: primary, subtle, border, focused_border", "json_punct, base, description"}},
		{"bad hex", "base: dark\nprimary: \"#ffffff\"\nsubtle: 1\nborder: 2\ninfo: 3\nerror: \"#12345g\"\n", 6,
			[]string{`bad colour "#12345g" for "error"`, "use #rrggbb, #rgb, an ANSI number 0-255"}},
		{"ansi out of range", "warning: 256\n", 1, []string{`bad colour "256" for "warning"`}},
		{"negative", "warning: -1\n", 1, []string{`bad colour "-1" for "warning"`}},
		{"colour name", "info: red\n", 1, []string{`bad colour "red" for "info"`}},
		{"unquoted hash", "base: dark\nerror: #ff0000\n", 2,
			[]string{`no colour for "error"`, `error: "#ff0000"`, "comment"}},
		{"list value", "muted:\n  - 1\n  - 2\n", 2, []string{`bad colour for "muted"`}},
		{"unknown base", "base: ocean\n", 1, []string{`unknown base "ocean"`, "default, dark, light, high-contrast, mono"}},
		{"duplicate", "primary: 1\nsubtle: 2\nprimary: 3\n", 3, []string{`"primary" is set twice (first on line 1)`}},
		{"adaptive missing side", "primary: {light: 1}\n", 1, []string{`"primary" needs both light and dark`}},
		{"adaptive unknown key", "primary:\n  light: 1\n  drak: 2\n", 3, []string{`unknown key "drak" in "primary" (known: light, dark)`}},
		{"adaptive bad colour", "primary:\n  light: 1\n  dark: \"#xyz\"\n", 3, []string{`bad colour "#xyz" for "primary" dark`}},
		{"not a mapping", "- primary\n- dark\n", 1, []string{`expected "key: value" lines`}},
		{"yaml syntax", "base: dark\nprimary: \"#fff\n", 2, []string{"not valid YAML"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeTheme(t, dir, "ocean.yaml", tc.content)
			_, err := ParseFile(path)
			if err == nil {
				t.Fatalf("ParseFile(%q) succeeded, want an error", tc.content)
			}
			prefix := fmt.Sprintf("%s:%d: ", path, tc.line)
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error = %q, want it to start with %q", err, prefix)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error = %q, want it to contain %q", err, w)
				}
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != path || fe.Line != tc.line {
				t.Errorf("errors.As(%v) = %+v, want *FileError at %s:%d", err, fe, path, tc.line)
			}
		})
	}
}

func TestParseFileReportsEveryProblemAtOnce(t *testing.T) {
	path := writeTheme(t, t.TempDir(), "x.yaml", "primry: 1\nerror: \"#12345g\"\nsuccess: 2\n")
	_, err := ParseFile(path)
	if err == nil {
		t.Fatal("ParseFile succeeded, want errors")
	}
	for _, want := range []string{path + `:1: unknown key "primry"`, path + `:2: bad colour "#12345g"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error = %q, want it to contain %q", err, want)
		}
	}
}

func TestParseFileMissingIsNotExist(t *testing.T) {
	_, err := ParseFile(filepath.Join(t.TempDir(), "nope.yaml"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ParseFile(missing) error = %v, want one matching fs.ErrNotExist", err)
	}
}
