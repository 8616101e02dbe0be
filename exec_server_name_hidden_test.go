package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// hiddenNameServer is a fake whose serverInfo names it with characters the
// screen hides: a bidi override in its name, a zero-width joiner in its
// version.
func hiddenNameServer(t *testing.T) *mcptest.Server {
	return mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "initialize" {
			c.Default()
			return
		}
		c.Result(map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
			"serverInfo": map[string]any{"name": "h\u202eevil", "version": "a\u200db"}})
	}})
}

// A server whose serverInfo holds characters the screen hides is named
// escaped and in quotes, as a tool of such a name is listed, on exec's
// line and in the recording's Markdown export: with them dropped, the
// line read "hevil ab", names the server never sent.
func TestExecShowsAServerNameHidingCharactersEscaped(t *testing.T) {
	stateDir(t)
	srv := hiddenNameServer(t)
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	out, errOut, code := run(t, "exec", "--record", rec, srv.SSEURL(), "initialize")
	want := `server "h\u202eevil" "a\u200db", protocol 2025-06-18`
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q:\n%s\n%s", code, want, out, errOut)
	}
	md, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	// The Markdown escapes the backslashes it shows as text.
	if want := `"h\\u202eevil" "a\\u200db"`; !strings.Contains(md, want) || strings.Contains(md, "hevil") {
		t.Errorf("the export does not name the server escaped (%s):\n%s", want, md)
	}
}
