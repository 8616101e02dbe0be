package ui

import "github.com/mcpscope/mcpscope/mcp"

// answerWarnings are what in the answer r readers may take differently
// (mcp.Ambiguities) and how its result breaks its tool's outputSchema
// (what the Pairs row marks "schema?"): the result is shown all the same,
// as the server sent it.
func (in *detailInput) answerWarnings(out []string, r *mcp.Record) []string {
	if r == nil || r.RPC == nil {
		return out
	}
	if r.RPC.Class == mcp.ClassInvalid {
		// As exec's line says it: the JSON below reads as garbage, or
		// as JSON that looks whole, and where it stops being a
		// message is not for the reader to find.
		out = in.wrapped(out, "⚠ the server sent a message that is "+wireLine(mcp.NotRPCWhy([]byte(r.RPC.Raw)), 512), in.st.Warning)
	}
	out = in.ambiguities(out, r)
	if p := in.pair; p != nil {
		// The words exec says of the same answer (history).
		for _, w := range []string{p.Output, p.NullResult, p.Anyway} {
			if w != "" {
				out = in.wrapped(out, "⚠ "+wireLine(w, 512), in.st.Warning)
			}
		}
	}
	return in.notUTF8(out, string(r.RPC.Raw), "answer", "JSON")
}

// ambiguities are what readers may take differently in r, an answer or a
// server's request (mcp.Ambiguities), read as it came (Ambiguous): a
// clean message's bytes are not scanned again each time Detail is built.
func (in *detailInput) ambiguities(out []string, r *mcp.Record) []string {
	if !r.RPC.Ambiguous {
		return out
	}
	for _, a := range mcp.Ambiguities(r.RPC.Raw) {
		out = in.wrapped(out, "⚠ "+wireLine(a, 512), in.st.Warning)
	}
	return out
}
