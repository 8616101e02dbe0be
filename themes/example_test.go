package themes_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpscope/mcpscope/themes"
)

// A user theme names a built-in to start from and the roles it changes.
// Mistakes come back with the file and line.
func ExampleParseFile() {
	dir, _ := os.MkdirTemp("", "themes")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "ocean.yaml")
	_ = os.WriteFile(path, []byte("base: dark\nprimary: \"#0077be\"\nprimry: 4\nerror: \"#12345g\"\n"), 0o644)

	_, err := themes.ParseFile(path)
	fmt.Println(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))

	_ = os.WriteFile(path, []byte("base: dark\nprimary: \"#0077be\"\n"), 0o644)
	t, _ := themes.ParseFile(path)
	fmt.Println(t.Name, t.Palette.Primary, t.Description)
	// Output:
	// ocean.yaml:3: unknown key "primry" (known: primary, subtle, border, focused_border, error, warning, success, info, foreground, background, muted, selection, json_key, json_string, json_number, json_bool, json_null, json_punct, base, description)
	// ocean.yaml:4: bad colour "#12345g" for "error": use #rrggbb, #rgb, an ANSI number 0-255, or none
	// ocean #0077be your colours over dark
}

// Without colour the focused pane keeps its place and size but draws heavier
// lines, so focus is still visible.
func ExampleNewStyles() {
	var mono themes.Theme
	for _, t := range themes.Builtins() {
		if t.Name == "mono" {
			mono = t
		}
	}
	s := themes.NewStyles(mono.Palette)
	fmt.Println(s.Pane.Render("raw"))
	fmt.Println(s.FocusedPane.Render("raw"))
	// Output:
	// ╭───╮
	// │raw│
	// ╰───╯
	// ┏━━━┓
	// ┃raw┃
	// ┗━━━┛
}
