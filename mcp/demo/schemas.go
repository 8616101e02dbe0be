package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// parsedSchemas holds every schema the demo writes out by hand, parsed: one
// entry per literal in this package, so it stays a few dozen entries.
var parsedSchemas sync.Map // string -> *jsonschema.Schema

// schema is the input schema written in src, parsed once per process. Every
// session gets a server of its own; handing each the same value lets the
// handler's SchemaCache resolve it once, where a json.RawMessage is parsed
// and resolved again for every session (2.4 ms of the 3.4 ms a session cost
// to set up).
func schema(src string) *jsonschema.Schema {
	if s, ok := parsedSchemas.Load(src); ok {
		return s.(*jsonschema.Schema)
	}
	s := new(jsonschema.Schema)
	if err := json.Unmarshal([]byte(src), s); err != nil {
		// A literal of this package: a mistake in it is a bug the tests
		// meet at once, as AddTool would.
		panic(fmt.Sprintf("demo: a tool's input schema does not parse: %v", err))
	}
	keepOrder(s, []byte(src))
	got, _ := parsedSchemas.LoadOrStore(src, s)
	return got.(*jsonschema.Schema)
}

// keepOrder gives s and the schemas in it the order of their properties in
// src, the JSON s was parsed from. A parsed Schema writes its properties
// sorted by name, where the json.RawMessage it replaces went out as written;
// mcpscope lists a tool's arguments in the order its schema gives them.
func keepOrder(s *jsonschema.Schema, src []byte) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(src, &fields) != nil {
		return // true or false: a schema without properties
	}
	if s.Items != nil && fields["items"] != nil {
		keepOrder(s.Items, fields["items"])
	}
	props := fields["properties"]
	if props == nil {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(props))
	if _, err := dec.Token(); err != nil { // {
		return
	}
	for dec.More() {
		tok, err := dec.Token()
		name, ok := tok.(string)
		var raw json.RawMessage
		if err != nil || !ok || dec.Decode(&raw) != nil {
			return
		}
		s.PropertyOrder = append(s.PropertyOrder, name)
		if p := s.Properties[name]; p != nil {
			keepOrder(p, raw)
		}
	}
}
