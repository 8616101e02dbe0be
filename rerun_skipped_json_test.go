package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// replay --against --json says what its count's "not re-sent" line says:
// a script comparing the results with the REQS mcpscope sessions lists
// found one request fewer and no word of detection's probe.
func TestRerunJSONSaysWhatItDidNotResend(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.jsonl")
	recordedExec(t, file, demotest.Start(t, demo.Options{}).URL+"/mcp", "tools/list")
	again := demotest.Start(t, demo.Options{}).URL + "/mcp"
	out, errOut, code := run(t, "replay", file, "--against", again, "--json")
	var report struct {
		Same    bool               `json:"same"`
		Skipped *history.NotResent `json:"skipped"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil || code != exitOK || !report.Same {
		t.Fatalf("re-run: exit %d, %v\n%s\n%s", code, err, out, errOut)
	}
	if report.Skipped == nil || *report.Skipped != (history.NotResent{DetectionProbes: 1}) {
		t.Errorf("the report should say the detection probe it did not re-send as \"skipped\": {\"detection_probes\": 1}:\n%s", out)
	}
}

// A 2026 tool that asked for a form was sent twice when recording, its
// second round carrying the answer: mcpscope sessions counts both rounds,
// where replay --against re-runs the call once (its live session sends
// the rounds the live server asks for) and counted one request fewer than
// REQS with no word of the round. Both reports now say it, so their
// counts add up to the listing's.
func TestRerunSaysTheInputRoundsItDidNotResend(t *testing.T) {
	file := recordConfirmedByAnn(t, "/stateless")
	infos, err := history.List(filepath.Dir(file))
	if err != nil || len(infos) != 1 {
		t.Fatalf("sessions: %v %v", infos, err)
	}
	reqs := infos[0].Requests
	again := demotest.Start(t, demo.Options{}).URL + "/stateless"

	out, errOut, code := run(t, "replay", file, "--against", again, "--json")
	var report struct {
		Results []json.RawMessage  `json:"results"`
		Skipped *history.NotResent `json:"skipped"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil || code != exitOK || report.Skipped == nil {
		t.Fatalf("re-run: exit %d, %v\n%s\n%s", code, err, out, errOut)
	}
	s := *report.Skipped
	if s.InputRounds != 1 || len(report.Results)+s.DetectionProbes+s.OwnListens+s.InputRounds != reqs {
		t.Errorf("results %d and skipped %+v, want the one round sent again with input said, adding up to the %d requests sessions lists\n%s",
			len(report.Results), s, reqs, out)
	}

	out, errOut, code = run(t, "replay", file, "--against", again)
	if code != exitOK || !strings.Contains(strings.ReplaceAll(out, "\n", " "), "1 round sent again with input") {
		t.Errorf("re-run: exit %d, want the round said under the count\n%s\n%s", code, out, errOut)
	}
}
