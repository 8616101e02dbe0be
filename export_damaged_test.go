package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// A transcript of a recording cut short says so at its top, and the JSON
// export in a "warnings" member: the warning went only to stderr, and a
// transcript shared without it read as the whole session.
func TestExportOfARecordingCutShortSaysSo(t *testing.T) {
	path, raw := copyRecording(t)
	if err := os.WriteFile(path, raw[:len(raw)-40], 0o600); err != nil {
		t.Fatal(err)
	}
	md, errOut, code := run(t, "export", path, "--format", "md")
	if code != exitOK || !strings.Contains(errOut, "is cut short") {
		t.Fatalf("export --format md: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(md, "> **The recording is damaged**; this is what could be read of it:\n>\n> - line ") || !strings.Contains(md, "is cut short (the recording was interrupted)") {
		t.Errorf("the transcript does not say the recording was cut short:\n%s", md[:min(len(md), 600)])
	}
	out, _, code := run(t, "export", path, "--format", "json")
	var doc struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitOK {
		t.Fatalf("export --format json: exit %d, %v", code, err)
	}
	if len(doc.Warnings) != 1 || !strings.Contains(doc.Warnings[0], "is cut short") {
		t.Errorf("warnings %q, want the line cut short", doc.Warnings)
	}
	// A whole recording, ended with its close, has neither.
	whole, raw := copyRecording(t)
	closing := `{"seq":32,"time":"2026-11-20T21:57:42.6Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}` + "\n"
	if err := os.WriteFile(whole, append(raw, closing...), 0o600); err != nil {
		t.Fatal(err)
	}
	if md, _, _ := run(t, "export", whole); strings.Contains(md, "damaged") {
		t.Errorf("a whole recording's transcript says it is damaged")
	}
	if out, _, _ := run(t, "export", whole, "--format", "json"); strings.Contains(out, `"warnings"`) {
		t.Errorf("a whole recording's export has warnings")
	}
}
