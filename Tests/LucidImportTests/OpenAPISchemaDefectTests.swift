import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidImport

/// Schema defects real documents showed (issue 39), each from the smallest document that failed before: what a
/// generated client must decode is what the document's servers send.
struct OpenAPISchemaDefectTests {
    /// Plaid's 153 required properties that refer to a nullable object or enum: `{"error": null}` must decode.
    @Test func aComponentsNullableGoesWhereverItIsReferredTo() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Nullable ref, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Item"}
            components:
              schemas:
                Item:
                  type: object
                  required: [name, error, status, kind, owner, later]
                  properties:
                    name: {type: string}
                    error: {$ref: "#/components/schemas/Err"}
                    status: {$ref: "#/components/schemas/Status"}
                    kind: {$ref: "#/components/schemas/Kind"}
                    owner: {$ref: "#/components/schemas/Owner"}
                    later: {$ref: "#/components/schemas/Err"}
                Err:
                  type: object
                  nullable: true
                  properties:
                    code: {type: integer}
                Status:
                  type: string
                  nullable: true
                  enum: [active, paused, null]
                Kind:
                  type: string
                  enum: [a, b, null]
                Owner:
                  type: [object, "null"]
                  properties:
                    name: {type: string}
            """)
        #expect(spec.contains("      error: { type: Err, nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      status: { type: Status, nullable: true }\n"))
        #expect(spec.contains("      kind: { type: Kind, nullable: true }\n"))
        #expect(spec.contains("      owner: { type: Owner, nullable: true }\n"))
        #expect(spec.contains("      later: { type: Err, nullable: true }\n"))
        #expect(spec.contains("      name: string\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// OpenAI's `CreateRunRequest.response_format` and SendGrid's subusers: a required property that says
    /// `nullable: true` beside its `$ref` was read as never null, so `"response_format": null` failed the body.
    @Test func aNullAllowedBesideAReferenceCounts() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.3
            info: {title: Nullable beside a ref, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /runs:
                get:
                  operationId: getRun
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Run"}
            components:
              schemas:
                Run:
                  type: object
                  required: [format, mode, tags]
                  properties:
                    format: {$ref: "#/components/schemas/Format", nullable: true}
                    mode: {$ref: "#/components/schemas/Mode"}
                    tags:
                      type: array
                      items: {$ref: "#/components/schemas/Mode", nullable: true}
                Format: {type: object, properties: {type: {type: string}}}
                Mode: {type: string, enum: [auto, none]}
            """)
        #expect(spec.contains("      format: { type: Format, nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      mode: Mode\n"))
        #expect(spec.contains("      tags: \"[Mode]\"\n"))
        // A list's items that may be null: the list's own warning, which was not given before.
        #expect(
            diagnostics == [
                "22:9: warning: list items that may be null are read as non-null; a null item fails the list"
            ])
    }

    /// An object that must be one of some values (`enum` or `const` of objects) was left out as "a value that is
    /// always null"; it is any value, its values not checked, as for an enum of numbers.
    @Test func anObjectOfFixedValuesIsAnyValue() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.3
            info: {title: Object enum, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              shape: {type: object, enum: [{a: 1}, {b: 2}]}
                              fixed: {type: object, const: {a: 1}}
                              nothing: {type: "null"}
            """)
        #expect(spec.contains("      shape: { type: any_value, nullable: true, lenient: true }\n"), "\(spec)")
        #expect(spec.contains("      fixed: { type: any_value, nullable: true, lenient: true }\n"))
        #expect(
            diagnostics == [
                "16:19: warning: a free-form value (no type, or 'additionalProperties: true') is read as 'any_value':"
                    + " a string, number, boolean, list or map; a null inside a list or map of them drops that value"
                    + " (2 places; the first is here)",
                "16:41: warning: an enum of values that are not all strings is read as its type; the values are not"
                    + " checked",
                "17:41: warning: a 'const' that is not a string is read as its type; the value is not checked",
                "18:19: warning: a value that is always null (type 'null') is not mapped; it is left out",
            ])
    }

    /// Plaid's `…Nullable` schemas and Box's `Metadata--Full`: an `allOf` part that only lets the object hold other
    /// keys adds no property; it took the whole value out.
    @Test func anAllOfPartThatOnlyAllowsOtherKeysAddsNoProperty() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.3
            info: {title: AllOf free-form, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /orders/{id}:
                get:
                  operationId: getOrder
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Order"}
            components:
              schemas:
                Order:
                  type: object
                  required: [id, shipping_address, billing]
                  properties:
                    id: {type: string}
                    shipping_address:
                      nullable: true
                      allOf:
                        - $ref: "#/components/schemas/Address"
                        - type: object
                          additionalProperties: true
                    billing: {$ref: "#/components/schemas/AddressNullable"}
                    metadata: {$ref: "#/components/schemas/Metadata--Full"}
                AddressNullable:
                  nullable: true
                  allOf:
                    - $ref: "#/components/schemas/Address"
                    - {type: object, additionalProperties: true}
                Metadata--Full:
                  allOf:
                    - $ref: "#/components/schemas/Metadata"
                    - properties:
                        $canEdit: {type: boolean}
                    - additionalProperties:
                        allOf: [{}, {example: "x"}, {description: "A template field."}]
                Metadata:
                  type: object
                  properties:
                    $template: {type: string}
                Address:
                  type: object
                  required: [city]
                  properties:
                    city: {type: string}
            """)
        #expect(spec.contains("      shipping_address: { type: Address, nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      billing: { type: AddressNullable, nullable: true }\n"))
        #expect(spec.contains("  AddressNullable:\n    properties:\n      city: string\n"))
        #expect(spec.contains("      metadata: { type: Metadata_Full, nullable: true }\n"))
        #expect(
            spec.contains(
                "  Metadata_Full:\n    properties:\n"
                    + "      template: { type: string, key: \"$template\", nullable: true }\n"
                    + "      canEdit: { type: bool, key: \"$canEdit\", nullable: true }\n"))
        // A struct of the parts drops the other keys, as beside `properties` (Box's template fields).
        #expect(
            diagnostics == [
                "35:26: warning: 'additionalProperties' beside 'properties' is ignored: the struct reads only its"
                    + " properties (2 places; the first is here)"
            ])
    }

    /// Plaid's `UserProductsTerminateReasonCode`: a described alias of an enum defined later is read, not "left out".
    @Test func aDescribedAliasOfALaterEnumIsReadWithoutAWarning() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.0
            info: {title: allOf alias of a later enum, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /user/products/terminate:
                post:
                  operationId: userProductsTerminate
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: "#/components/schemas/TerminateRequest"}
                  responses:
                    "204": {description: done}
            components:
              schemas:
                TerminateRequest:
                  type: object
                  required: [reason_code]
                  properties:
                    reason_code: {$ref: "#/components/schemas/UserReasonCode"}
                UserReasonCode:
                  description: The reason for terminating user-based products.
                  allOf: [{$ref: "#/components/schemas/ReasonCode"}]
                ReasonCode:
                  type: string
                  enum: [FRAUD_FIRST_PARTY, OTHER]
            """)
        #expect(spec.contains("      reason_code:\n        type: ReasonCode\n"), "\(spec)")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// Mistral's `tool_choice: {default: auto, $ref: ToolChoiceEnum}` before the enum's place: the default names a
    /// case of the document's enum, wherever it is defined. A union's default names a case too (OpenAI's `default:
    /// auto` on `oneOf: [{const: auto}, {type: integer}]`), which the spec cannot say: the warning says so.
    @Test func aDefaultNamesACaseOfAnEnumDefinedLater() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Enum default order, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /videos:
                get:
                  operationId: listVideos
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/VideoList"}
            components:
              schemas:
                VideoList:
                  type: object
                  properties:
                    order:
                      $ref: "#/components/schemas/SortOrder"
                      default: desc
                    qualities:
                      type: array
                      items: {$ref: "#/components/schemas/Quality"}
                      default: [high-def]
                    n_epochs:
                      default: auto
                      oneOf:
                        - {type: string, const: auto}
                        - {type: integer}
                Quality:
                  type: string
                  enum: [low, high-def]
                SortOrder:
                  type: string
                  enum: [asc, desc]
            """)
        #expect(spec.contains("      order: { type: SortOrder, nullable: true, default: desc }\n"), "\(spec)")
        #expect(spec.contains("      qualities: { type: \"[Quality]\", nullable: true, default: [high_def] }\n"))
        #expect(spec.contains("      n_epochs: { type: VideoList_n_epochs, nullable: true }\n"))
        #expect(
            diagnostics == [
                "27:20: warning: default 'auto' is left out: a union's default can only be null in the spec"
                    + " ('VideoList_n_epochs' is a union)"
            ])
    }

    /// Discourse's `successful_invitations: {type: array}` (26 places): no `items` allows any item, as `items: {}`
    /// does; the required list took the whole response's properties with it.
    @Test func aListWithoutItemsIsAListOfAnyValue() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Array without items, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /things:
                get:
                  operationId: getThings
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [labels]
                            properties:
                              labels: {type: array}
                              failed: {type: array, items: {}}
            """)
        #expect(spec.contains("      labels: { type: \"[any_value]\", failable_items: true }\n"), "\(spec)")
        #expect(spec.contains("      failed: { type: \"[any_value]\", nullable: true, failable_items: true }\n"))
        #expect(
            diagnostics == [
                "17:19: warning: 2 lists and maps drop an item that fails to decode, and report it, instead of failing"
                    + " the response (failable_items; a list of entities does by default): 'things_response.labels',"
                    + " 'things_response.failed'",
                "17:19: warning: a free-form value (no type, or 'additionalProperties: true') is read as 'any_value': a"
                    + " string, number, boolean, list or map; a null inside a list or map of them drops that value (2"
                    + " places; the first is here)",
            ])
    }

    /// DigitalOcean's `droplet: {anyOf: [{title: 'null', type: object, nullable: true}, {$ref: droplet}]}` (3.0's
    /// null): a case named `null` failed the whole import (659 operations), and with another title an empty struct
    /// decoded every droplet. A null member makes the value nullable; so does a member that may be null, also where
    /// the union is required or named elsewhere. A title YAML would read as a boolean names its case, quoted.
    @Test func aNullMemberOfAUnionMakesTheValueNullable() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.0
            info: {title: Union null case, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /floating_ips/{ip}:
                get:
                  operationId: floatingIPs_get
                  parameters:
                    - {name: ip, in: path, required: true, schema: {type: string}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/floating_ip"}
            components:
              schemas:
                floating_ip:
                  type: object
                  required: [droplet, region, kind, again, flag]
                  properties:
                    droplet:
                      anyOf:
                        - title: 'null'
                          type: object
                          nullable: true
                          description: If the floating IP is not assigned to a Droplet, the value will be null.
                        - $ref: "#/components/schemas/droplet"
                    region:
                      oneOf:
                        - {type: object, nullable: true}
                        - {type: string}
                        - {type: integer}
                    kind: {$ref: "#/components/schemas/kind"}
                    again: {$ref: "#/components/schemas/kind"}
                    flag:
                      anyOf:
                        - {title: 'true', type: object, required: [a], properties: {a: {type: string}}}
                        - {title: 'Null', type: string}
                        - {type: integer}
                kind:
                  oneOf:
                    - {type: string, nullable: true}
                    - {type: integer}
                droplet:
                  type: object
                  required: [id, name]
                  properties:
                    id: {type: integer}
                    name: {type: string}
            """)
        #expect(spec.contains("      droplet: { type: droplet, nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      region: { type: string_or_int, nullable: true }\n"))
        #expect(spec.contains("      kind: { type: kind, nullable: true }\n"))
        #expect(spec.contains("      again: { type: kind, nullable: true }\n"))
        #expect(spec.contains("      flag: { type: floating_ip_flag, nullable: true }\n"))
        #expect(
            spec.contains("  floating_ip_flag:\n    one_of:\n      \"true\": floating_ip_flag_true\n      int: int\n"))
        #expect(!spec.contains("null:") && !spec.contains("\"null\""))
        #expect(
            diagnostics == [
                "43:11: warning: a member of a 'oneOf' or 'anyOf' that may be null makes the whole value nullable"
            ])
    }

    /// Okta's `GroupProfile` (`oneOf` of two objects defined after it): a member defined later ranked as an enum, so
    /// an inline object that requires nothing, and decodes anything, came first.
    @Test func anUntaggedUnionRanksObjectsDefinedAfterIt() throws {
        let (spec, _) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.0
            info: {title: Union order, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Holder"}
            components:
              schemas:
                Before: {type: object, required: [x, y], properties: {x: {type: integer}, y: {type: integer}}}
                Holder:
                  type: object
                  properties:
                    first:
                      oneOf:
                        - {type: object, properties: {note: {type: string}}}
                        - $ref: "#/components/schemas/Before"
                    second:
                      oneOf:
                        - {type: object, properties: {memo: {type: string}}}
                        - $ref: "#/components/schemas/After"
                Profile:
                  oneOf:
                    - $ref: "#/components/schemas/UserProfile"
                    - $ref: "#/components/schemas/DirectoryProfile"
                UserProfile: {type: object, required: [name], properties: {name: {type: string}}}
                DirectoryProfile:
                  type: object
                  required: [name, dn]
                  properties: {name: {type: string}, dn: {type: string}}
                After: {type: object, required: [x, y], properties: {x: {type: integer}, y: {type: integer}}}
            """)
        #expect(spec.contains("    one_of: [Before, Holder_first_1]\n"), "\(spec)")
        #expect(spec.contains("    one_of: [After, Holder_second_1]\n"))
        #expect(spec.contains("  Profile:\n    one_of: [DirectoryProfile, UserProfile]\n"))
    }

    /// Figma's `images: {additionalProperties: {type: [string, "null"]}}`: a node that failed to render maps to null,
    /// which failed the whole response, without a word. The map drops such a value (and reports it), and says so.
    @Test func aMapWhoseValuesMayBeNullDropsThem() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Map null values, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /v1/images/{file_key}:
                get:
                  operationId: getImages
                  parameters:
                    - {name: file_key, in: path, required: true, schema: {type: string}}
                  responses:
                    "200":
                      description: a node that failed to render maps to null
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [images, sizes]
                            properties:
                              images:
                                type: object
                                additionalProperties: {type: [string, "null"], format: uri}
                              sizes:
                                type: object
                                additionalProperties: {type: integer}
            """)
        #expect(spec.contains("      images: { type: \"{string: url}\", failable_items: true }\n"), "\(spec)")
        #expect(spec.contains("      sizes: \"{string: int}\"\n"))
        #expect(
            diagnostics == [
                "19:19: warning: 1 list or map drops an item that fails to decode, and reports it, instead of failing"
                    + " the response (failable_items; a list of entities does by default): 'images_response.images'",
                "19:19: warning: map values that may be null are read as non-null; the map drops a null value and"
                    + " reports it (failable_items)",
            ])
    }

    /// Discourse's posters and participants, both cut to `…_topics_item` (48 characters), became `…_topics_item_2`
    /// and `…_item_3`: a cut name that is taken drops its middle words instead, keeping the last ones.
    @Test func aLongInlineNameKeepsTheWordsThatTellItApart() throws {
        let (spec, _) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Names, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /topics/private-messages:
                get:
                  operationId: userPrivateMessages
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              topic_list:
                                type: object
                                properties:
                                  topics:
                                    type: array
                                    items:
                                      type: object
                                      properties:
                                        id: {type: integer}
                                        posters:
                                          type: array
                                          items: {type: object, properties: {user_id: {type: integer}}}
                                        participants:
                                          type: array
                                          items: {type: object, properties: {count: {type: integer}}}
            """)
        #expect(spec.contains("  userPrivateMessages_response_topic_list_topics_item:\n"), "\(spec)")
        #expect(spec.contains("  userPrivateMessages_response_topic_item_posters_item:\n"))
        #expect(spec.contains("  userPrivateMessages_response_item_participants_item:\n"))
        #expect(!spec.contains("_item_2"))
    }

    /// Figma's `Effect`: a tagged union whose members are unions. Where each leaf has discriminator values of its
    /// own, one tagged union with a case per leaf (`Paint`); where leaves share values (`LAYER_BLUR` is a normal or a
    /// progressive blur), the case holds one struct of the leaves' properties (`Effect`); where they cannot be
    /// joined, an untagged union of the leaves (`Shape`), never a union of unions.
    @Test func aTaggedUnionOfUnionsHasACasePerLeafOrJoinsThem() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Nested unions, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /effects:
                get:
                  operationId: getEffects
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              effects: {type: array, items: {$ref: "#/components/schemas/Effect"}}
                              paints: {type: array, items: {$ref: "#/components/schemas/Paint"}}
                              shapes: {type: array, items: {$ref: "#/components/schemas/Shape"}}
            components:
              schemas:
                Effect:
                  oneOf:
                    - $ref: "#/components/schemas/DropShadowEffect"
                    - $ref: "#/components/schemas/BlurEffect"
                  discriminator:
                    propertyName: type
                    mapping:
                      DROP_SHADOW: "#/components/schemas/DropShadowEffect"
                      LAYER_BLUR: "#/components/schemas/BlurEffect"
                      BACKGROUND_BLUR: "#/components/schemas/BlurEffect"
                BlurEffect:
                  oneOf:
                    - $ref: "#/components/schemas/NormalBlurEffect"
                    - $ref: "#/components/schemas/ProgressiveBlurEffect"
                DropShadowEffect:
                  type: object
                  required: [type, radius]
                  properties:
                    type: {type: string, enum: [DROP_SHADOW]}
                    radius: {type: number}
                NormalBlurEffect:
                  type: object
                  required: [type, radius]
                  properties:
                    type: {type: string, enum: [LAYER_BLUR, BACKGROUND_BLUR]}
                    blurType: {type: string, enum: [NORMAL], description: The string literal 'NORMAL'.}
                    radius: {type: number}
                ProgressiveBlurEffect:
                  type: object
                  required: [type, radius, blurType, startRadius]
                  properties:
                    type: {type: string, enum: [LAYER_BLUR, BACKGROUND_BLUR]}
                    blurType: {type: string, enum: [PROGRESSIVE], description: The string literal 'PROGRESSIVE'.}
                    radius: {type: number}
                    startRadius: {type: number}
                Paint:
                  oneOf:
                    - $ref: "#/components/schemas/SolidPaint"
                    - $ref: "#/components/schemas/GradientPaint"
                  discriminator: {propertyName: type}
                GradientPaint:
                  oneOf:
                    - type: object
                      required: [type]
                      properties: {type: {const: GRADIENT_LINEAR}, angle: {type: number}}
                    - type: object
                      required: [type]
                      properties: {type: {const: GRADIENT_RADIAL}, radius: {type: number}}
                SolidPaint: {type: object, required: [type], properties: {type: {const: SOLID}, color: {type: string}}}
                Shape:
                  oneOf:
                    - $ref: "#/components/schemas/Square"
                    - $ref: "#/components/schemas/Round"
                  discriminator: {propertyName: kind, mapping: {square: Square, round: Round}}
                Round:
                  oneOf:
                    - {type: object, required: [kind, size], properties: {kind: {const: round}, size: {type: number}}}
                    - {type: object, required: [kind, size], properties: {kind: {const: round}, size: {type: string}}}
                Square: {type: object, required: [kind], properties: {kind: {const: square}, side: {type: number}}}
            """)
        #expect(
            spec.contains(
                """
                  Effect:
                    discriminator: type
                    unknown: true
                    one_of:
                      DROP_SHADOW: DropShadowEffect
                      LAYER_BLUR: Effect_BlurEffect
                      BACKGROUND_BLUR: Effect_BlurEffect

                """), "\(spec)")
        #expect(
            spec.contains(
                """
                  Effect_BlurEffect:
                    properties:
                      type: Effect_BlurEffect_type
                      blurType: { type: Effect_BlurEffect_blurType, nullable: true }
                      radius: double
                      startRadius: { type: double, nullable: true }

                """))
        #expect(spec.contains("  Effect_BlurEffect_blurType:\n    cases:\n      - NORMAL\n      - PROGRESSIVE\n"))
        #expect(
            spec.contains(
                """
                    one_of:
                      SOLID: SolidPaint
                      GRADIENT_LINEAR: Paint_GRADIENT_LINEAR
                      GRADIENT_RADIAL: Paint_GRADIENT_RADIAL

                """))
        #expect(spec.contains("  Shape:\n    one_of: [Shape_2, Shape_3, Square]\n"))
        #expect(
            diagnostics == [
                "24:11: warning: the members of 'BlurEffect' (NormalBlurEffect, ProgressiveBlurEffect) share the"
                    + " discriminator 'type' values LAYER_BLUR, BACKGROUND_BLUR, and a tagged case holds one struct:"
                    + " they are read as one, 'Effect_BlurEffect', with the properties of all (those not in every"
                    + " member optional)",
                "45:15: warning: this schema, written in place, has the cases of another and is one type with it,"
                    + " 'Effect_BlurEffect_type' (3 places; the first is here)",
                "73:11: warning: the discriminator 'kind' is not used: a member of 'oneOf' is no object; the cases"
                    + " are told apart by their types",
            ])
    }

    /// A list that drops an item it cannot read is logged at run time; the import says at import time which lists
    /// and maps may: those that say `failable_items: true`, and lists of entities, which do by default.
    @Test func theListsThatMayDropItemsAreNamedInOneWarning() throws {
        let properties = (1...11).map { "        tags\($0): {type: array, items: {}}" }.joined(separator: "\n")
        let (_, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Failable, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /owners:
                get:
                  operationId: getOwners
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Store"}
            components:
              schemas:
                Store:
                  type: object
                  properties:
                    owners: {type: array, items: {$ref: "#/components/schemas/Owner"}}
                    owner: {$ref: "#/components/schemas/Owner"}
            \(properties)
                Owner:
                  type: object
                  required: [id]
                  properties:
                    id: {type: integer}
            """)
        let named: [String] =
            ["'Store.owners' (entities)"] + (1...9).map { "'Store.tags\($0)'" }
        let expected: String =
            "19:9: warning: 12 lists and maps drop an item that fails to decode, and report it, instead of failing"
            + " the response (failable_items; a list of entities does by default): "
            + named.joined(separator: ", ") + " and 2 more"
        #expect(diagnostics.first == expected, "\(diagnostics)")
    }
}
