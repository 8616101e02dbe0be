package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// One GET before initialize that went nowhere is reported as one session
// ("1 session was", not "1 sessions were"), and its shared recording
// starts when that session did: its header's time is not after its first
// record's, as the recording of any session's is.
func TestOneEarlyGetIsReportedAndDatedAsOne(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	earlyGet(t, h.run.base, "")
	// The session is folded, and its recording made, at the stop: after
	// the GET's records.
	h.stop()

	report := h.errw.String()
	if !strings.Contains(report, "1 session was only a GET before initialize") || strings.Contains(report, "1 sessions") {
		t.Errorf("the report does not speak of one session as one:\n%s", report)
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*"))
	if len(files) != 1 {
		t.Fatalf("one GET that went nowhere left %d recordings, want 1: %v", len(files), files)
	}
	if want := "it is recorded in:\n  " + files[0] + "\n"; !strings.Contains(report, want) {
		t.Errorf("the report does not name the recording on a line of its own (%q):\n%s", want, report)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var head struct {
		Started time.Time `json:"started"`
	}
	var first struct {
		Time time.Time `json:"time"`
	}
	if !sc.Scan() || json.Unmarshal(sc.Bytes(), &head) != nil || !sc.Scan() || json.Unmarshal(sc.Bytes(), &first) != nil {
		t.Fatalf("%s holds no header and record to compare", files[0])
	}
	if head.Started.After(first.Time) {
		t.Errorf("the shared recording says it started at %s, after its first record at %s", head.Started, first.Time)
	}
}
