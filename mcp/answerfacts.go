package mcp

// What an answer says of itself that every view asks on each update (the
// Pairs row, Detail, the proxy's lines): read once, as it comes, or as it
// is read back from a recording, never again over its bytes.

// readAnswer sets what m, an answer, says of itself, from p, its peek, and
// from its bytes: once, as it comes, off any view's update loop.
// InputRequired is the peek's, the one the session and the observer act
// on, so a row says a round when they opened one.
func (m *RPCMessage) readAnswer(p peeked) {
	m.ID = stringOf(p.id)
	m.RPCError = p.isRPCError()
	m.ToolError = p.toolError
	m.OddIsError = p.oddIsError
	m.InputRequired = p.inputRequired
	m.OddResult = oddLead(p.result)
	m.Ambiguous = Ambiguities(m.Raw) != nil
}

// oddLead is the first byte of JSON value v when v is no object, 0 for
// an object or for no value (RPCMessage.OddResult).
func oddLead(v []byte) byte {
	for _, c := range v {
		if c == '{' {
			return 0
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// readRequest sets what m, a server's request, says of itself: whether
// Ambiguities finds something in it (an id of a kind JSON-RPC does not
// allow, a member named twice), read once as it comes, as an answer's is.
func (m *RPCMessage) readRequest() { m.Ambiguous = Ambiguities(m.Raw) != nil }

// NoteAnswer sets m.Ambiguous, m.InputRequired and m.OddResult, as the session did
// when m came, for a message read back from a recording, which does not
// hold them (they are said in Raw already): both from one read of its
// bytes. Only answers and the server's requests are read for them, as
// the session reads them (a request for Ambiguous alone).
func (m *RPCMessage) NoteAnswer() {
	answer := m.Class == ClassResponse || m.Class == ClassLate || m.Class == ClassForeign ||
		m.Class == ClassDuplicate && m.Method == "" // a server request replayed has its method
	request := m.Class == ClassServerRequest || m.Class == ClassDuplicate && m.Method != ""
	if m.Dir != DirIn || !answer && !request {
		return
	}
	root, ok := objectOf(bytesOf(string(m.Raw)), 2)
	if !ok {
		return
	}
	m.Ambiguous = ambiguitiesOf(root) != nil
	if !answer {
		return
	}
	// The last resultType of the last result, decoded, as the peek reads it.
	res := root.Get("result")
	m.OddResult = oddLead(res.Raw())
	rt, _ := res.Get("resultType").Text()
	m.InputRequired = rt == "input_required"
}
