package main

import (
	"strings"
	"testing"
)

// A --theme that is a slip of one asks after it, as a slip of any other
// flag's few words does: "lite" was refused with the list of themes and
// no word of light. A name that is no slip of any is only refused.
func TestThemeSlipIsNamed(t *testing.T) {
	stateDir(t)
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	for _, tc := range []struct{ theme, want string }{
		{"lite", `unknown theme "lite": did you mean light? (available: default, dark, light,`},
		{"Dark", `unknown theme "Dark": did you mean dark?`},
		{"hi-contrast", `did you mean high-contrast?`},
		{"monoo", `did you mean mono?`},
		{"nope", `unknown theme "nope" (available: default, dark, light,`},
	} {
		_, errOut, code := run(t, "proxy", "--headless", "--listen", "127.0.0.1:0", "--theme", tc.theme, "http://127.0.0.1:9490/mcp")
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("--theme %s: exit %d, stderr %q, want %d and %q", tc.theme, code, errOut, exitUsage, tc.want)
		}
	}
}
