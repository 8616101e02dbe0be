package main

import (
	"encoding/json"
	"path/filepath"
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
