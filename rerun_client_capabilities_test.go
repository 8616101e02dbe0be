package main

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// capsFake is a fake server of either era, with what it was sent.
type capsFake interface {
	Endpoint() string
	Requests() []mcptest.Request
}

// A re-run across eras declares the capabilities the recorded client
// declared, not a bare client's: exec can answer a sampled message or a
// form, and a server that offers its sampling and elicitation tools only
// to such a client (the reference "everything" server does) must not list
// them as missing in the re-run because the re-run said less.
func TestRerunAcrossErasDeclaresTheRecordedCapabilities(t *testing.T) {
	modern := func() capsFake { return mcptest.NewStateless(t, mcptest.StatelessOptions{}) }
	older := func() capsFake { return mcptest.NewStreamable(t, mcptest.StreamableOptions{}) }
	for _, c := range []struct {
		name              string
		recorded, against func() capsFake
		method            string   // the request of the re-run that declares them
		path              []string // where it declares them
	}{
		{"2026 recording on an older server", modern, older, "initialize", []string{"params", "capabilities"}},
		{"older recording on a 2026 server", older, modern, "tools/list", []string{"params", "_meta", mcp.MetaClientCapabilities}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := stateDir(t)
			if out, errOut, code := run(t, "exec", c.recorded().Endpoint(), "tools/list"); code != exitOK {
				t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
			}
			live := c.against()
			out, errOut, _ := run(t, "replay", onlyRecording(t, dir), "--against", live.Endpoint())
			declared := 0
			for _, r := range live.Requests() {
				if r.Is(c.method) {
					declared++
					assertDeclaresSampling(t, r.Body, c.path...)
				}
			}
			if declared == 0 {
				t.Fatalf("the re-run sent no %s\n%s\n%s", c.method, out, errOut)
			}
		})
	}
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
