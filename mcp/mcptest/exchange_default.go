package mcptest

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// Default answers like a well-behaved server of the fake's era:
//   - a notification or a response: 202;
//   - initialize (stateful): the client's version if the fake has it, else
//     its latest, capabilities tools, resources and prompts (listChanged)
//     and logging, serverInfo {name "fake", version "1.0"};
//   - ping and logging/setLevel (stateful): an empty result;
//   - server/discover (stateless): see StatelessServer;
//   - tools/list: the tools in Options.ToolPages pages chained by
//     nextCursor; tools/call: see StreamableTools and StatelessTools, an
//     unknown tool is error -32602 (a 200 answer);
//   - resources/list, resources/read, prompts/list, prompts/get: one
//     resource file:///hello.txt and one prompt "greet";
//   - subscriptions/listen (stateless): a listen stream;
//   - any other method: error -32601.
//
// The stateless fake adds resultType to every result, and ttlMs and
// cacheScope to list and read results. A body that is not one JSON-RPC
// message gets 400 text/plain.
func (x *Exchange) Default() {
	switch x.Kind {
	case KindNotification, KindResponse:
		x.Accept()
		return
	case KindInvalid:
		x.Status(http.StatusBadRequest, textPlain, "failed to parse body\n")
		return
	}
	switch {
	case x.Method == "initialize" && x.stateful != nil:
		caps := x.stateful.opts.Capabilities
		if caps == nil {
			caps = serverCapabilities()
		}
		x.Result(initializeResult(x.Params, x.stateful.opts.Versions, x.Session.ProtocolVersion(), caps))
	case (x.Method == "ping" || x.Method == "logging/setLevel") && x.stateful != nil:
		x.Result(struct{}{})
	case x.Method == "server/discover" && x.stateless != nil:
		x.Result(x.stateless.discoverResult())
	case x.Method == "subscriptions/listen" && x.stateless != nil:
		x.stateless.listen(x)
	case x.Method == "tools/list":
		page, err := listToolsPage(x.tools(), x.toolPages(), x.Params)
		if err != nil {
			x.Error(err.Code, err.Message)
			return
		}
		x.cacheable(page)
	case x.Method == "tools/call":
		x.callTool()
	case x.Method == "resources/list":
		x.cacheable(map[string]any{"resources": []any{helloResource()}})
	case x.Method == "resources/read":
		x.readResource()
	case x.Method == "prompts/list":
		x.cacheable(map[string]any{"prompts": []any{greetPrompt()}})
	case x.Method == "prompts/get":
		x.getPrompt()
	case x.stateless != nil:
		x.Fail(http.StatusNotFound, -32601, "Method not found: "+x.Method, nil)
	default:
		x.Error(-32601, "method not found")
	}
}

// serverCapabilities is what the fakes declare.
func serverCapabilities() map[string]any {
	listChanged := map[string]any{"listChanged": true}
	return map[string]any{"tools": listChanged, "resources": listChanged, "prompts": listChanged, "logging": map[string]any{}}
}

// tools is the fake's current tool list.
func (x *Exchange) tools() []Tool {
	if x.stateful != nil {
		return x.stateful.Tools()
	}
	return x.stateless.Tools()
}

// toolPages is the number of tools/list pages the options ask for.
func (x *Exchange) toolPages() int {
	if x.stateful != nil {
		return x.stateful.opts.ToolPages
	}
	return x.stateless.opts.ToolPages
}

// cacheable answers with a list or read result: the stateless fake adds
// ttlMs and cacheScope.
func (x *Exchange) cacheable(v any) {
	if x.stateless == nil {
		x.Result(v)
		return
	}
	raw, err := json.Marshal(v)
	if err != nil {
		x.Error(-32603, "mcptest: cannot marshal result: "+err.Error())
		return
	}
	x.Result(json.RawMessage(x.stateless.cacheFields(raw)))
}

// toolFunc runs one tool of the fakes that needs more than runTool: it
// answers the exchange itself.
type toolFunc func(x *Exchange, call toolCall)

// toolFuncs are the tools that talk on the answer's stream or span rounds.
var toolFuncs = map[string]toolFunc{
	"steps":   stepsTool,
	"slow":    slowTool,
	"ask":     askTool,
	"confirm": confirmTool,
	"trip":    tripTool,
}

// callTool answers tools/call for the fake's current tools.
func (x *Exchange) callTool() {
	call, _, err := parseToolCall(x.tools(), x.Params)
	if err != nil {
		x.Error(err.Code, err.Message)
		return
	}
	if f := toolFuncs[call.Name]; f != nil {
		f(x, call)
		return
	}
	text, isError := runTool(call.Name, call.Arguments)
	x.Result(TextResult(text, isError))
}

// helloResource is the one resource the fakes serve.
func helloResource() map[string]any {
	return map[string]any{"uri": "file:///hello.txt", "name": "hello.txt", "mimeType": "text/plain"}
}

// readResource answers resources/read for the one resource.
func (x *Exchange) readResource() {
	var p struct {
		URI string `json:"uri"`
	}
	_ = json.Unmarshal(x.Params, &p) // Bad params name no resource.
	if p.URI != "file:///hello.txt" {
		x.ErrorData(-32002, "resource not found", map[string]any{"uri": p.URI})
		return
	}
	x.cacheable(map[string]any{"contents": []any{
		map[string]any{"uri": p.URI, "mimeType": "text/plain", "text": "hello"},
	}})
}

// greetPrompt is the one prompt the fakes serve.
func greetPrompt() map[string]any {
	return map[string]any{
		"name":        "greet",
		"description": "Greet someone.",
		"arguments":   []any{map[string]any{"name": "name", "required": true}},
	}
}

// getPrompt answers prompts/get for the one prompt.
func (x *Exchange) getPrompt() {
	var p struct {
		Name      string            `json:"name"`
		Arguments map[string]string `json:"arguments"`
	}
	_ = json.Unmarshal(x.Params, &p) // Bad params name no prompt.
	if p.Name != "greet" {
		x.Error(-32602, "unknown prompt "+strconv.Quote(p.Name))
		return
	}
	x.Result(map[string]any{"messages": []any{map[string]any{
		"role":    "user",
		"content": map[string]any{"type": "text", "text": "Hello, " + p.Arguments["name"] + "!"},
	}}})
}

// withFields adds each field raw lacks to the JSON object raw; anything
// that is not an object comes back unchanged.
func withFields(raw json.RawMessage, fields map[string]any) json.RawMessage {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return raw
	}
	for k, v := range fields {
		if _, ok := m[k]; ok {
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			continue
		}
		m[k] = b
	}
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return out
}
