package main

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A re-run across eras declares the capabilities the recorded client
// declared, not a bare client's: exec can answer a sampled message or a
// form, and a server that offers its sampling and elicitation tools only
// to such a client (the reference "everything" server does) must not list
// them as missing in the re-run because the re-run said less.
func TestRerunAcrossErasDeclaresTheRecordedCapabilities(t *testing.T) {
	t.Run("2026 recording on an older server", func(t *testing.T) {
		dir := stateDir(t)
		modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
		if out, errOut, code := run(t, "exec", modern.Endpoint(), "tools/list"); code != exitOK {
			t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
		}
		older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
		out, errOut, _ := run(t, "replay", onlyRecording(t, dir), "--against", older.Endpoint())
		declared := 0
		for _, r := range older.Requests() {
			if r.Is("initialize") {
				declared++
				assertDeclaresSampling(t, r.Body, "params", "capabilities")
			}
		}
		if declared == 0 {
			t.Fatalf("the older server was not initialized\n%s\n%s", out, errOut)
		}
	})
	t.Run("older recording on a 2026 server", func(t *testing.T) {
		dir := stateDir(t)
		older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
		if out, errOut, code := run(t, "exec", older.Endpoint(), "tools/list"); code != exitOK {
			t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
		}
		modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
		out, errOut, _ := run(t, "replay", onlyRecording(t, dir), "--against", modern.Endpoint())
		declared := 0
		for _, r := range modern.Requests() {
			if r.Is("tools/list") {
				declared++
				assertDeclaresSampling(t, r.Body, "params", "_meta", mcp.MetaClientCapabilities)
			}
		}
		if declared == 0 {
			t.Fatalf("the 2026 server got no tools/list\n%s\n%s", out, errOut)
		}
	})
}

// assertDeclaresSampling fails t unless the JSON object at path in body
// declares sampling and elicitation.
func assertDeclaresSampling(t *testing.T, body []byte, path ...string) {
	t.Helper()
	v := json.RawMessage(body)
	for _, k := range path {
		var obj map[string]json.RawMessage
		if json.Unmarshal(v, &obj) != nil || obj[k] == nil {
			t.Errorf("no %v in %s", path, body)
			return
		}
		v = obj[k]
	}
	var caps map[string]json.RawMessage
	if json.Unmarshal(v, &caps) != nil || caps["sampling"] == nil || caps["elicitation"] == nil {
		t.Errorf("the re-run declared %s, want the recorded client's sampling and elicitation", v)
	}
}
