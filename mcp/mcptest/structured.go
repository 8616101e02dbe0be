package mcptest

// StructuredCalls is a Handle that answers every tools/call with
// structuredContent beside its content, whatever version the session
// negotiated, as server-everything's get-structured-content does; the
// rest as Default does.
func StructuredCalls(x *Exchange) {
	if x.Method != "tools/call" {
		x.Default()
		return
	}
	x.Result(map[string]any{
		"content":           []map[string]string{{"type": "text", "text": `{"temperature":36}`}},
		"structuredContent": map[string]any{"temperature": 36},
	})
}
