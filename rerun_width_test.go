package main

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A re-run across eras says how the handshakes were compared; on the
// request's line that passed 80 columns ("server/discover (as initialize:
// capabilities, instructions, serverInfo)" after the outcome), so it is a
// line of its own.
func TestRerunAcrossErasFitsEightyColumns(t *testing.T) {
	stateDir(t)
	srv := demotest.Start(t, demo.Options{})
	modern := filepath.Join(t.TempDir(), "modern.jsonl")
	if _, errOut, code := run(t, "exec", "--record", modern, srv.StatelessURL(), "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", modern, "--against", srv.SSEURL())
	if code != exitOK {
		t.Fatalf("replay --against: exit %d\n%s\n%s", code, out, errOut)
	}
	want := "  1  same        server/discover (as initialize)\n     compared on what both say: capabilities, instructions, serverInfo\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("report begins\n%s\nwant\n%s", out, want)
	}
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("%d columns: %q", n, line)
		}
	}
}
