package mcptest

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// StreamableTools is the tool list of a zero-config StreamableServer:
// DefaultTools plus
//   - steps {n: integer 1..100, required}: one notifications/progress per
//     step (when the request carries a progressToken) and one
//     notifications/message, then the result "done N steps";
//   - slow {}: opens an SSE answer, sends progress 0 (with a token) and
//     never answers: it waits until Exchange.Context ends (on the stateless
//     fake when the client closes the stream, on the stateful one when the
//     client sends notifications/cancelled; both recorded as
//     Request.Cancelled);
//   - ask {method: string, required; params: object}: sends that server
//     request on the answer's stream, waits for the client's POSTed
//     response and returns it, compact, as its text.
func StreamableTools() []Tool {
	return append(DefaultTools(), stepsToolDef(), slowToolDef(), Tool{
		Name:        "ask",
		Description: "Send a server request on the answer's stream and return the client's answer.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"method":{"type":"string"},"params":{"type":"object"}},"required":["method"]}`),
	})
}

func stepsToolDef() Tool {
	return Tool{
		Name:        "steps",
		Description: "Report progress n times, log once, then answer.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":100}},"required":["n"]}`),
	}
}

func slowToolDef() Tool {
	return Tool{
		Name:        "slow",
		Description: "Never answers; waits to be cancelled.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
	}
}

// stepsTool reports progress before its result.
func stepsTool(x *Exchange, call toolCall) {
	var a struct {
		N int `json:"n"`
	}
	if err := json.Unmarshal(call.Arguments, &a); err != nil || a.N < 1 || a.N > 100 {
		x.Result(TextResult(`steps needs the integer argument "n" from 1 to 100`, true))
		return
	}
	for i := 1; i <= a.N; i++ {
		_ = x.Progress(float64(i), float64(a.N), "step "+strconv.Itoa(i)) // A cut stream keeps going, as a server would.
	}
	_ = x.Log("info", "did "+strconv.Itoa(a.N)+" steps")
	x.Result(TextResult("done "+strconv.Itoa(a.N)+" steps", false))
}

// slowTool waits to be cancelled and never answers.
func slowTool(x *Exchange, _ toolCall) {
	_ = x.FlushHeaders()
	_ = x.Progress(0, 1, "started")
	<-x.Context().Done()
}

// askTool sends a server request and returns the client's answer.
func askTool(x *Exchange, call toolCall) {
	var a struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(call.Arguments, &a); err != nil || a.Method == "" {
		x.Result(TextResult(`ask needs the string argument "method"`, true))
		return
	}
	var params any
	if len(a.Params) > 0 {
		params = a.Params
	}
	reply, err := x.ServerRequest(x.Context(), a.Method, params)
	if err != nil {
		x.Result(TextResult("ask: "+err.Error(), true))
		return
	}
	var b bytes.Buffer
	if err := json.Compact(&b, reply); err != nil {
		x.Result(TextResult(string(reply), false))
		return
	}
	x.Result(TextResult(b.String(), false))
}
