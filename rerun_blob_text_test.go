package main

import (
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// blobServer answers resources/read with a text/plain blob of text, as
// server-everything's demo://resource/dynamic/blob/N does: base64 of a
// line that names the time it was made.
func blobServer(t *testing.T, text string) string {
	t.Helper()
	blob := base64.StdEncoding.EncodeToString([]byte(text))
	srv := mcptest.OnMethod(t, "resources/read", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"contents":[{"uri":"demo://blob/2","mimeType":"text/plain","blob":"` + blob + `"}]}`))
	})
	return srv.Endpoint()
}

// A re-run whose blob changed showed the tails of the two base64 strings
// ("…F0ZWQgYXQgMTE6NDA6MjkgUE0="), where what changed was the clock in the
// text they encode: that text is shown, saying it was decoded.
func TestRerunShowsATextBlobDecoded(t *testing.T) {
	t.Setenv("COLUMNS", "")
	file := filepath.Join(t.TempDir(), "blob.jsonl")
	if _, errOut, code := run(t, "exec", "--record", file, blobServer(t, "Resource 2: a <blob> created at 11:40:29 PM"), "read demo://blob/2"); code != exitOK {
		t.Fatalf("recording: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", file, "--against", blobServer(t, "Resource 2: a <blob> created at 11:41:29 PM"))
	if code != exitFailed {
		t.Fatalf("re-run: exit %d, want %d (different)\n%s\n%s", code, exitFailed, out, errOut)
	}
	want := `     $.result.contents[0].blob: changed (uri "demo://blob/2")` + "\n" +
		"       (base64 of text, shown decoded)\n" +
		`       - "Resource 2: a <blob> created at 11:40:29 PM"` + "\n" +
		`       + "Resource 2: a <blob> created at 11:41:29 PM"` + "\n"
	if !strings.Contains(out, want) {
		t.Errorf("re-run report lacks\n%s\nin\n%s", want, out)
	}
	if strings.Contains(errOut, "answers were cut") {
		t.Errorf("the decoded blob fits, yet stderr says answers were cut: %s", errOut)
	}
}
