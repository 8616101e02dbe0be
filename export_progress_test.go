package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A long tool call's progress notifications, folded into its row, are in
// its export: the transcript says how far it got and how many came, and
// the JSON has them as fields, where both read as if none had come.
func TestExportSaysTheProgressOfALongCall(t *testing.T) {
	stateDir(t)
	srv := demotest.Start(t, demo.Options{})
	rec := filepath.Join(t.TempDir(), "slow.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, srv.MCPURL(), "tools/call slow seconds:=0.2 steps:=2"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	md, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if !strings.Contains(md, "\nprogress 2 of 2 (100%)") || !strings.Contains(md, "· 2 notifications\n") {
		t.Errorf("the transcript does not say the call's progress:\n%s", md)
	}
	js, errOut, code := run(t, "export", "--format", "json", rec)
	if code != exitOK {
		t.Fatalf("export --format json: exit %d: %s", code, errOut)
	}
	var doc struct {
		Pairs []struct {
			Tool     string `json:"tool"`
			Progress *struct {
				Progress, Total float64
				Notifications   int
			} `json:"progress"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("the JSON export does not parse: %v\n%s", err, js)
	}
	found := false
	for _, p := range doc.Pairs {
		if p.Tool != "slow" {
			continue
		}
		found = true
		if p.Progress == nil || p.Progress.Progress != 2 || p.Progress.Total != 2 || p.Progress.Notifications != 2 {
			t.Errorf("the JSON export's slow row has progress %+v, want 2 of 2 in 2 notifications:\n%s", p.Progress, js)
		}
	}
	if !found {
		t.Fatalf("no slow row in the JSON export:\n%s", js)
	}
}
