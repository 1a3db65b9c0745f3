package teleport

import (
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
)

// Body carries one contract message through erpc's own protobuf codec. That codec is gogo/protobuf's,
// which cannot walk the structs google.golang.org/protobuf generates, but hands any message that
// marshals itself (gogo's Marshaler and Unmarshaler, as gogo-generated code does) to the message: so the
// bytes on the wire are the contract's protobuf bytes, made by the same library as every other Go pair's.
type Body[M any, P interface {
	*M
	proto.Message
}] struct {
	msg P
}

func wrap[M any, P interface {
	*M
	proto.Message
}](m P) *Body[M, P] {
	return &Body[M, P]{msg: m}
}

// Message is the contract message carried, nil before a body is read.
func (b *Body[M, P]) Message() proto.Message { return b.msg }

// get is the message carried; erpc does not decode an empty body, which is the empty message.
func (b *Body[M, P]) get() P {
	if b.msg == nil {
		b.msg = P(new(M))
	}
	return b.msg
}

func (b *Body[M, P]) Marshal() ([]byte, error) { return proto.Marshal(b.msg) }

func (b *Body[M, P]) Unmarshal(data []byte) error {
	b.msg = P(new(M))
	return proto.Unmarshal(data, b.msg)
}

// Reset, String and ProtoMessage make it a gogo proto.Message, which erpc's codec asks for.
func (b *Body[M, P]) Reset() { b.msg = nil }

func (b *Body[M, P]) String() string {
	if b.msg == nil {
		return "<nil>"
	}
	return prototext.MarshalOptions{}.Format(b.msg)
}

func (*Body[M, P]) ProtoMessage() {}
