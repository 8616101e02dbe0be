package main

import (
	"strings"
	"testing"
)

// An event past --max-event-size before the endpoint event, met while
// detecting, is one problem in the export's Negotiation, in its whole
// words (where it came, and the flag to raise), where the stream's error
// and the connection's failure were listed one after the other.
func TestExportSaysAnEventTooLargeOnce(t *testing.T) {
	dir := stateDir(t)
	url := legacyStream(t, ":"+strings.Repeat("c", 100<<10)+"\n\nevent: endpoint\ndata: /m?sessionid=1\n\n")
	if _, errOut, code := run(t, "exec", "--max-event-size", "65536", url, "tools/list"); code == exitOK {
		t.Fatalf("exit %d, want a failure; stderr:\n%s", code, errOut)
	}
	out, errOut, code := run(t, "export", onlyRecording(t, dir))
	if code != exitOK {
		t.Fatalf("export: exit %d\n%s", code, errOut)
	}
	_, problems, _ := strings.Cut(out, "### Problems")
	problems, _, _ = strings.Cut(problems, "\n## ")
	const want = "the stream broke: an event of 102403 bytes is larger than the 65536-byte limit before the endpoint event → an event was larger than --max-event-size allows"
	if strings.Count(problems, "65536-byte limit") != 1 || !strings.Contains(problems, want) {
		t.Errorf("the export's problems do not say %q once:\n%s", want, problems)
	}
}
