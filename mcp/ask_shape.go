package mcp

// What a server's question (elicitation/create, sampling/createMessage)
// holds that is refused at once, before anyone is asked.

// undeclaredMode reads the mode of an elicitation/create: the mode as the
// server wrote it, and true, when it is none of those mcpscope declares in
// its elicitation capability (form, url); an absent or null one is form.
func undeclaredMode(method string, params []byte) (string, bool) {
	if method != "elicitation/create" {
		return "", false
	}
	m, ok := Members(params, "mode")
	if !ok || m[0] == nil || string(m[0]) == "null" {
		return "", false
	}
	if mode, _ := TextOf(m[0]); mode == "form" || mode == "url" {
		return "", false
	}
	return Excerpt(m[0]), true
}

// paramsKind says what a request's params are, for an error message.
func paramsKind(params []byte) string {
	if len(params) == 0 {
		return "it has no params"
	}
	return "its params are " + jsonKind(params)
}
