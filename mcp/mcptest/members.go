package mcptest

import (
	"encoding/json"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// members reads a JSON object as encoding/json reads it into a
// map[string]json.RawMessage (the last of repeated keys wins), or returns
// nil when raw is no JSON object. Only the object's own level is decoded,
// so the fake reads a message one of whose members nests past
// encoding/json's 10,000 levels as a server whose JSON reader takes any
// depth does (JavaScript's JSON.parse), and checks everything beside it.
func members(raw []byte) map[string]json.RawMessage {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return nil
	}
	m := map[string]json.RawMessage{}
	for k, v := range doc.Root().Members() {
		m[k] = v.Raw()
	}
	return m
}

// validJSON reports whether raw is one JSON text, at any depth.
func validJSON(raw []byte) bool {
	_, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 1})
	return err == nil
}
