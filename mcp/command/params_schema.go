package command

import (
	"encoding/json"
	"sync"
)

// paramSchemas type the params of methods whose key=value words name
// something that is not text, as a tool's inputSchema types its arguments,
// so the one coercion (ParseArgs with a schema) reads them: a request id
// and a progress token are a string or an integer, and the request whose
// id is 5 is named by 5, not "5" (a server matches ids by their JSON type
// too). Every member the specification gives is listed, so none of them
// is warned about as unknown; other members still go as strings, and
// key:=<json> still sends exactly what was typed.
var paramSchemas = map[string]string{
	"notifications/cancelled": `{"type":"object","properties":{
		"requestId":{"type":["integer","string"]},
		"reason":{"type":"string"}},"additionalProperties":{}}`,
	// The 2025-11-25 tasks requests name the task they are about.
	"tasks/get":    taskParams,
	"tasks/result": taskParams,
	"tasks/cancel": taskParams,
	// 2026-07-28's listen request says which notifications it wants in
	// one object (a SubscriptionFilter), required.
	"subscriptions/listen": `{"type":"object","properties":{
		"notifications":{"type":"object","description":"the notifications wanted, e.g. {\"toolsListChanged\":true,\"resourceSubscriptions\":[\"URI\"]}",
			"properties":{
				"toolsListChanged":{"type":"boolean"},
				"promptsListChanged":{"type":"boolean"},
				"resourcesListChanged":{"type":"boolean"},
				"resourceSubscriptions":{"type":"array","items":{"type":"string"}}}}},
		"required":["notifications"],"additionalProperties":{}}`,
	// The 2026 tasks extension answers a task's inputRequests with
	// tasks/update, both members required.
	"tasks/update": `{"type":"object","properties":{
		"taskId":{"type":"string","description":"the id the task was created with"},
		"inputResponses":{"type":"object","description":"the answers, by the keys of the task's inputRequests"}},
		"required":["taskId","inputResponses"],"additionalProperties":{}}`,
	"notifications/progress": `{"type":"object","properties":{
		"progressToken":{"type":["integer","string"]},
		"progress":{"type":"number"},
		"total":{"type":"number"},
		"message":{"type":"string"}},"additionalProperties":{}}`,
}

// taskParams are the params of a tasks request about one task.
const taskParams = `{"type":"object","properties":{
		"taskId":{"type":"string","description":"the id the task was created with (tasks/list lists them)"}},
		"required":["taskId"],"additionalProperties":{}}`

// parsedParamSchemas holds paramSchemas read once.
var parsedParamSchemas = sync.OnceValue(func() map[string]*Schema {
	out := make(map[string]*Schema, len(paramSchemas))
	for method, raw := range paramSchemas {
		// Each parses (TestParamsSchemasParse); one that did not would
		// leave its method's words strings, as before it was typed.
		if s, err := ParseSchema(json.RawMessage(raw)); err == nil {
			out[method] = s
		}
	}
	return out
})

// ParamsSchema is the schema a method's key=value words are read with, or
// nil when the words all go as strings (a method mcpscope knows no types
// of).
func ParamsSchema(method string) *Schema { return parsedParamSchemas()[method] }
