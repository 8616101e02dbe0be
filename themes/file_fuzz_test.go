package themes

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// FuzzParseFile: whatever a theme file holds, ParseFile neither panics nor
// hangs; a file it refuses is refused with errors that each name the file
// (path:line: ...), never a bare library message; a file it takes gives
// colours lipgloss understands; and `mcpscope themes` lists it, or its
// problems, as text that does not drive the terminal.
func FuzzParseFile(f *testing.F) {
	for _, s := range []string{
		"",
		"base: dark\ndescription: calm\nprimary: \"#0077BE\"\nerror: 196\nbackground: none\n",
		"primary: #ff0000\n",
		"primary: {light: \"#fff\", dark: 0}\n",
		"primary: {light: 1, dark: [2]}\nbase: [x]\nbase: y\n",
		"description: \"\\e[2J\\e]8;;http://x/\\a\\u202e\"\nbogus\u202e: 1\n",
		"a: &x [*x]\nprimary: *x\n",
		"- 1\n- 2\n",
		"primary: 256\nsubtle: 007\nmuted: \" #abc \"\n",
		"\tprimary: 1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		dir := isolate(t)
		path := writeTheme(t, dir, "fuzzed.yaml", content)
		th, err := ParseFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("ParseFile(%q) says the file is missing: %v", content, err)
		}
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(line, path+":") {
					t.Fatalf("ParseFile(%q): error line %q does not name the file", content, line)
				}
			}
		} else {
			for _, c := range swatchRoles(th.Palette) {
				if c == nil {
					t.Fatalf("ParseFile(%q) left a role without a colour", content)
				}
			}
		}
		ts, errs := List()
		sanitizetest.Check(t, "themes list of "+content, RenderList(ts, errs, 80), true)
	})
}
