package command

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParamsObject: any method but the lists and tools/call takes its
// params as one JSON object, typed verbatim after the method or quoted as
// one word; for resources/read and prompts/get that object is params, not
// a URI or a prompt's name. Whatever it holds, parsing never panics; an
// object encoding/json reads is taken exactly as typed or, only when it
// nests past what a message can hold, refused as too deep; and params
// taken always make a message encoding/json reads back.
func FuzzParamsObject(f *testing.F) {
	deep := func(n int) string { return strings.Repeat(`{"a":[`, n/2) + "1" + strings.Repeat("]}", n/2) }
	for _, s := range []struct{ method, object string }{
		{"resources/read", `{"uri":"file:///etc/hosts"}`},
		{"resources/read", `{"uri":"repo://{owner}/{name}"}`},
		{"prompts/get", `{"name":"p","arguments":{"x":"it's"}}`},
		{"ping", `{}`},
		{"initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"a\u0000b","version":"1"}}`},
		{"resources/subscribe", `{"uri":"x"} `},
		{"sampling/createMessage", ` {"messages":[{"role":"user","content":{"type":"text","text":"\"hi\" \\ there"}}]}`},
		{"resources/read", deep(paramsRoom - 1)},
		{"resources/read", deep(paramsRoom + 1)},
		{"prompts/get", `{"name":"p"`},
		{"x/y", `{"a":1}{"b":2}`},
	} {
		f.Add(s.method, s.object)
	}
	f.Fuzz(func(t *testing.T, method, object string) {
		typedObject := object // quoted with its blanks, as "$(cat params.json)" is
		object = strings.TrimSpace(object)
		method = Canonical(method)
		if method == "" || listMethods[method] || method == "tools/call" || method == "completion/complete" || method == "logging/setLevel" ||
			strings.ContainsAny(method, "={}'\"\\ \t\r\n") {
			return
		}
		isObject := json.Valid([]byte(object)) && strings.HasPrefix(object, "{")
		for _, typed := range []string{object, ShellQuote(typedObject)} {
			line := method + " " + typed
			c, err := ParseCommand(line)
			if !isObject {
				continue
			}
			if err != nil {
				if !strings.Contains(err.Error(), "nested too deep to send") {
					t.Fatalf("ParseCommand(%.200q) = %v; the params are one JSON object", line, err)
				}
				if n := nesting([]byte(object)); n <= paramsRoom {
					t.Fatalf("ParseCommand(%.200q) refused params of %d levels as too deep: %v", line, n, err)
				}
				continue
			}
			if c.Method != method || string(c.Params) != object || c.Target != "" || len(c.Words) != 0 {
				t.Fatalf("ParseCommand(%.200q) = method %q params %.200q target %.200q words %q; want the object as typed as params", line, c.Method, c.Params, c.Target, c.Words)
			}
			msg := `{"jsonrpc":"2.0","id":1,"method":"m","params":` + string(c.Params) + `}`
			var v map[string]any
			if err := json.Unmarshal([]byte(msg), &v); err != nil {
				t.Fatalf("ParseCommand(%.200q) took params a message cannot carry: %v", line, err)
			}
		}
	})
}
