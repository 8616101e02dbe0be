package main

import (
	"os"
	"strings"
	"testing"
)

// An event that grows past --max-event-size (64 MiB by default) before the
// endpoint event breaks the stream, and the recording keeps it and says
// why. The recording once stopped at it, with a fast disk, blaming the
// disk ("did not answer within 2s"): its one record weighed more than the
// bound on records waiting for the disk, and every record after it, the
// reason included, was not written.
func TestExecRecordsAnEventPastTheMaxEventSize(t *testing.T) {
	if raceEnabled {
		// 65 MiB held a few times over took 1.1 GB under the race
		// detector, beside the other packages' race runs; the plain run
		// shows what this test is for.
		t.Skip("holds a 65 MiB event a few times over, which the race detector makes 1.1 GB")
	}
	dir := stateDir(t)
	url := legacyStream(t, "data: "+strings.Repeat("x", 65<<20))
	_, errOut, code := run(t, "exec", "--transport", "sse", url, "tools/list")
	if code == exitOK {
		t.Fatalf("exit %d, want a failure; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "grew past the 67108864-byte limit") {
		t.Errorf("stderr does not say the event grew past the limit:\n%s", errOut)
	}
	if strings.Contains(errOut, "incomplete") || strings.Contains(errOut, "did not answer") {
		t.Errorf("stderr says the recording is incomplete, on a disk that answered:\n%s", errOut)
	}
	data, err := os.ReadFile(onlyRecording(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, `"kind":"event"`) || !strings.Contains(text, "grew past the 67108864-byte limit") || !strings.Contains(text, `"state":"closed"`) {
		t.Errorf("the recording (%d bytes) lacks the event, the error or the close:\n%.2000s", len(text), text)
	}
}
