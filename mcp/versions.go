package mcp

import (
	"fmt"
	"slices"
	"time"
)

// ProtocolVersion is the newest MCP protocol version mcpscope offers in
// initialize; the server answers with the one it chose.
const ProtocolVersion = "2025-11-25"

// ProtocolModern is the stateless revision mcpscope speaks: no initialize,
// every request self-describing.
const ProtocolModern = "2026-07-28"

// InitializeEra are the versions an initialize may settle on, oldest
// first: those mcpscope knows the messages of.
var InitializeEra = []string{"2024-11-05", "2025-03-26", "2025-06-18", ProtocolVersion}

// IsProtocolVersion reports whether v has the shape of a protocol
// version: a date, YYYY-MM-DD. Versions compare as strings only then.
func IsProtocolVersion(v string) bool {
	_, err := time.Parse(time.DateOnly, v)
	return err == nil
}

// VersionNote says what a negotiated version means for a session over
// transport when it is not what the session speaks ("" when it is): a
// version mcpscope does not know, which the client never offered (mcpscope
// goes on speaking its own), or one older than the transport it came over.
// Over any transport but stateless the version is an initialize answer's,
// where a stateless revision (2026-07-28 or later, which has no initialize)
// is one too: it was never offered, and sent back as MCP-Protocol-Version
// it tells the server the session is of the stateless era.
func VersionNote(v, transport string) string {
	initialize := transport != TransportStateless
	switch {
	case transport == TransportStreamable && slices.Contains(InitializeEra, v) && v < streamableSince:
		return fmt.Sprintf("older than streamable HTTP, which %s brought: a server of %s speaks HTTP+SSE, yet this one answered over streamable HTTP, which mcpscope goes on with", streamableSince, v)
	case v == "" || slices.Contains(InitializeEra, v) || v == ProtocolModern && !initialize:
		return ""
	case initialize && v == ProtocolModern:
		return fmt.Sprintf("a stateless revision, which has no initialize, not a version mcpscope offered (it offered %s); it goes on with %s's messages", ProtocolVersion, ProtocolVersion)
	case initialize && IsProtocolVersion(v) && IsModern(v):
		// A later date is no revision mcpscope knows: "a stateless
		// revision" named one.
		return fmt.Sprintf("not a version mcpscope knows or offered (it offered %s), dated after %s, whose stateless era has no initialize; it goes on with %s's messages", ProtocolVersion, ProtocolModern, ProtocolVersion)
	}
	return fmt.Sprintf("not a version mcpscope knows or offered; it goes on with %s's messages", ProtocolVersion)
}

// streamableSince is the version that brought the streamable HTTP
// transport; those before it speak HTTP+SSE.
const streamableSince = "2025-03-26"
