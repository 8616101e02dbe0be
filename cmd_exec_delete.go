package main

import (
	"fmt"
	"net/http"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// deleteLine is exec's (and the TUI's, once it quit) line on stderr for
// the DELETE that ends a streamable session when the server refused it
// with an error: the session stays open there, which a gateway's
// developer is here to see, and only the recording said so. A 404 (the
// session was gone already) and a 405 (the specification's answer of a
// server that lets no client end a session) are no failure, nor the
// TypeScript SDK's 400 "No valid session ID" (its word for gone,
// mcp.SessionGone); a DELETE that got no answer is said where quitting
// waits for it. "" for any other record.
func deleteLine(r *mcp.Record) string {
	if why := mcp.DeleteFailure(r); why != "" {
		// No answer came to say it: the session stays open just the
		// same, and exec said only where a redirect pointed, as if
		// followed.
		return fmt.Sprintf("warning: the DELETE that ends the session failed: %s: the session may stay open on the server until it expires\n", sanitize.Line(why))
	}
	h := r.HTTP
	if r.Kind != mcp.KindHTTP || h == nil || h.Purpose != mcp.PurposeDelete || h.Status < 400 ||
		h.Status == http.StatusMethodNotAllowed ||
		mcp.SessionGone(h.Status, mcp.RecordedMediaType(h.Headers), h.Body) {
		return ""
	}
	status := h.StatusLine
	if status == "" {
		status = fmt.Sprint(h.Status)
	}
	return fmt.Sprintf("warning: the DELETE that ends the session was answered %s: the session may stay open on the server until it expires\n", sanitize.Line(status))
}
