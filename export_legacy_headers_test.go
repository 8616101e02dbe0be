package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// legacyRecording is a recording as mcpscope wrote it before it redacted
// -H headers: an X-Api-Key header's value on each request, and the server
// echoing it in a tool's answer. Its header has no "redacts" field.
const legacyRecording = "history/testdata/legacy-headers.jsonl"

// A recording made before -H values were redacted is exported as the
// recorder now writes one: every request header but the protocol's own
// and those mcpscope sends itself is taken for the user's, and its value
// (8 bytes or more) is redacted where the server echoed it, in md and in
// json. The file itself is left as it was. A recording made since, with
// --record-secrets ("redacts":"none"), is exported as it holds them.
func TestExportRedactsALegacyRecordingsHeaders(t *testing.T) {
	stateDir(t)
	dir := t.TempDir()
	original, err := os.ReadFile(legacyRecording)
	if err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(legacy, original, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"md", "json"} {
		out, errOut, code := run(t, "export", legacy, "--format", format)
		if code != exitOK {
			t.Fatalf("export --format %s: exit %d\n%s", format, code, errOut)
		}
		if i := strings.Index(out, "KEY-legacy-5566778"); i >= 0 {
			t.Errorf("export --format %s shows the -H value: …%s…", format, out[max(0, i-100):i+20])
		}
		if !strings.Contains(out, "key [redacted] team blue") {
			t.Errorf("export --format %s lacks the echo with the value redacted (and the short one kept):\n%s", format, out)
		}
	}
	if raw, _ := os.ReadFile(legacy); string(raw) != string(original) {
		t.Error("export changed the recording")
	}

	kept := filepath.Join(dir, "secrets.jsonl")
	withSecrets := strings.Replace(string(original), `"host":"127.0.0.1:8811"}`, `"host":"127.0.0.1:8811","redacts":"none"}`, 1)
	if err := os.WriteFile(kept, []byte(withSecrets), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "export", kept, "--format", "md")
	if code != exitOK || !strings.Contains(out, "key KEY-legacy-5566778 team blue") {
		t.Errorf("export of a --record-secrets recording: exit %d, want the key as recorded\n%s\n%s", code, out, errOut)
	}
}
