package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A re-run against a URL typed without its scheme (mcpscope takes
// "ann:pw@host/mcp" as http://) keeps the URL's password out of its report,
// as one typed with the scheme does: a server that echoes the credentials
// was reported with the live password in the diff, in a CI job's log.
func TestRerunHidesThePasswordOfAURLTypedWithoutScheme(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	const pw = "SECRET-pw-5d19"
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "signed in as ann:" + pw + "@ here"}}})
	})
	hostPath := strings.TrimPrefix(srv.Endpoint(), "http://")
	file := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", file, "http://ann:"+pw+"@"+hostPath, "tools/call echo text=hi"); code != exitOK {
		t.Fatalf("exec exit %d\n%s", code, errOut)
	}
	for _, against := range []string{"http://ann:" + pw + "@" + hostPath, "ann:" + pw + "@" + hostPath} {
		out, errOut, code := run(t, "replay", file, "--against", against)
		if code != exitOK || strings.Contains(out+errOut, pw) {
			t.Errorf("re-run against %s: exit %d (want 0: the answers differ only by the password), and the password must not show\n%s\n%s", against, code, out, errOut)
		}
	}
}

// exec --json, typed the URL without its scheme, writes a server's echo of
// the URL's password redacted, as the recording holds it.
func TestExecJSONHidesThePasswordOfAURLTypedWithoutScheme(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	const pw = "SECRET-pw-83a2"
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "signed in as ann:" + pw + " (" + pw + ")"}}})
	})
	out, errOut, code := run(t, "exec", "--json", "--no-record", "ann:"+pw+"@"+strings.TrimPrefix(srv.Endpoint(), "http://"), "tools/call echo text=hi")
	if code != exitOK || strings.Contains(out+errOut, pw) || !strings.Contains(out, "signed in as ann:") {
		t.Errorf("exec --json: exit %d (want 0), the echo with no password in it\n%s\n%s", code, out, errOut)
	}
}
