package mcptest

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Tool is one entry of a tools/list result.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// DefaultTools is the tool list a zero-config Server serves:
//   - echo {text: string, required}: returns text;
//   - add {a, b: integer, required}: returns the sum;
//   - search {query: string required, limit: integer 1..100, exact: boolean,
//     tags: array of string, mode: "fast"|"full"}: returns its arguments as
//     compact JSON, so key=value typing can be checked end to end;
//   - fail {}: always a tool failure (isError: true).
//
// Any other tool added later returns its arguments as compact JSON.
func DefaultTools() []Tool {
	return []Tool{
		{
			Name:        "echo",
			Description: "Echo the text back.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`),
		},
		{
			Name:        "add",
			Description: "Add two integers.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"]}`),
		},
		{
			Name:        "search",
			Description: "Return the arguments it was given.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{` +
				`"query":{"type":"string"},` +
				`"limit":{"type":"integer","minimum":1,"maximum":100},` +
				`"exact":{"type":"boolean"},` +
				`"tags":{"type":"array","items":{"type":"string"}},` +
				`"mode":{"type":"string","enum":["fast","full"]}` +
				`},"required":["query"]}`),
		},
		{
			Name:        "fail",
			Description: "Always fails.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
		},
	}
}

// runTool computes a tools/call answer: the text and whether it is a tool
// failure.
func runTool(name string, args json.RawMessage) (string, bool) {
	switch name {
	case "echo":
		var a struct {
			Text *string `json:"text"`
		}
		if err := json.Unmarshal(args, &a); err != nil || a.Text == nil {
			return `echo needs the string argument "text"`, true
		}
		return *a.Text, false
	case "add":
		var a struct {
			A, B json.RawMessage
		}
		if err := json.Unmarshal(args, &a); err != nil || a.A == nil || a.B == nil {
			return `add needs the integer arguments "a" and "b"`, true
		}
		// Unmarshalling into int64 rejects "2" and 2.5, so a client that
		// sends the wrong JSON type sees it.
		var x, y int64
		if json.Unmarshal(a.A, &x) != nil || json.Unmarshal(a.B, &y) != nil {
			return "add needs integers, got a=" + string(a.A) + " b=" + string(a.B), true
		}
		return strconv.FormatInt(x+y, 10), false
	case "fail":
		return "fail: this tool always fails", true
	default:
		if len(args) == 0 {
			return "{}", false
		}
		var b bytes.Buffer
		if err := json.Compact(&b, args); err != nil {
			return string(args), false
		}
		return b.String(), false
	}
}
