package main

import (
	"encoding/json"
	"testing"
)

// The JSON export of a message no connection was made for said only
// "post-failed" and the failure's message, read as a POST the server got
// and failed on, where the Markdown export says it was not sent: the row
// carries that too, from the same reading.
func TestExportJSONSaysAMessageRefusedAConnectionWasNotSent(t *testing.T) {
	rec := recordedNotSent(t)
	out, errOut, code := run(t, "export", "--format", "json", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	var doc struct {
		Pairs []struct {
			Method    string `json:"method"`
			State     string `json:"state"`
			StateNote string `json:"state_note"`
			Failure   string `json:"failure"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("export is not JSON: %v\n%s", err, out)
	}
	for _, p := range doc.Pairs {
		if p.Method != "notifications/initialized" {
			continue
		}
		if p.State != "post-failed" || p.StateNote != "not sent: could not connect" || p.Failure == "" {
			t.Fatalf("notifications/initialized: state %q, state_note %q, failure %q; want post-failed, not sent: could not connect, and the failure",
				p.State, p.StateNote, p.Failure)
		}
		return
	}
	t.Fatalf("no notifications/initialized row:\n%s", out)
}
