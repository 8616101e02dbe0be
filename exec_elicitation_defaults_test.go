package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// defaultsForm is the form of the conformance suite's SEP-1034 scenario:
// every field optional, each with a default of its own kind.
const defaultsForm = `{"type":"object","properties":{
	"name":{"type":"string","default":"John Doe"},
	"age":{"type":"integer","default":30},
	"score":{"type":"number","default":95.5},
	"status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},
	"verified":{"type":"boolean","default":true},
	"nickname":{"type":"string"}}}`

// A form accepted with fields left out sends their defaults, as a client
// that shows the form filled with them does (SEP-1034); what was typed
// still wins, and a field without a default stays out. Without an answer,
// exec says what the defaults are.
func TestExecElicitationSendsFormDefaults(t *testing.T) {
	srv := formServer(t, "Fill in the defaults", defaultsForm)

	out, errOut, code := run(t, "exec", "--no-record", "--answer", "elicitation accept age=41", srv.Endpoint(), "tools/call form")
	if code != exitOK {
		t.Fatalf("exec with --answer 'elicitation accept age=41': exit %d\n%s\n%s", code, out, errOut)
	}
	want := `form answer {"action":"accept","content":{"age":41,"name":"John Doe","score":95.5,"status":"active","verified":true}}`
	if !strings.Contains(out, want) {
		t.Errorf("the server got another answer than the typed age and the other defaults:\n%s\nwant %s", out, want)
	}

	out, errOut, code = run(t, "exec", "--no-record", srv.Endpoint(), "tools/call form")
	if code != exitFailed || !strings.Contains(errOut, `name: string = "John Doe"`) || !strings.Contains(errOut, "age: integer = 30") || !strings.Contains(errOut, "verified: boolean = true") {
		t.Errorf("exec without --answer: exit %d; want the form described with its defaults\n%s\n%s", code, out, errOut)
	}
}

// formServer is a streamable server whose every tools/call asks the client
// to fill the form schema with message, and answers with a text saying
// "form answer" and the result the client sent, exactly.
func formServer(t *testing.T, message, schema string) *mcptest.StreamableServer {
	t.Helper()
	return mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		resp, err := x.ServerRequest(x.Context(), "elicitation/create", map[string]any{
			"mode": "form", "message": message, "requestedSchema": json.RawMessage(schema),
		})
		if err != nil {
			x.Error(-32603, "no answer to the form: "+err.Error())
			return
		}
		var got struct {
			Result json.RawMessage `json:"result"`
		}
		_ = json.Unmarshal(resp, &got)
		x.Result(map[string]any{"content": []map[string]string{{"type": "text", "text": "form answer " + string(got.Result)}}})
	}})
}
