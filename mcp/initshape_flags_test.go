package mcp

import "testing"

// experimental's members are capabilities of the server's own naming: one
// named "listChanged" is an object, as any capability is, not a
// true-or-false option written wrongly. It was warned of as one.
func TestInitializeShapeLeavesExperimentalNamesAlone(t *testing.T) {
	result := []byte(`{"protocolVersion":"2025-11-25","capabilities":{"experimental":{"listChanged":{},"subscribe":{"on":1}},"tools":{"listChanged":true}},"serverInfo":{"name":"x","version":"1"}}`)
	if got := InitializeShape(result); got != "" {
		t.Errorf("InitializeShape = %q, want no warning", got)
	}
	wrong := []byte(`{"protocolVersion":"2025-11-25","capabilities":{"experimental":{"listChanged":{}},"tools":{"listChanged":"yes"}},"serverInfo":{"name":"x","version":"1"}}`)
	const want = `in the initialize result's capabilities, tools.listChanged is a string ("yes"), not true or false: clients differ on whether that option is on`
	if got := InitializeShape(wrong); got != want {
		t.Errorf("InitializeShape = %q, want %q", got, want)
	}
}
