"""Pydantic models as MCP servers pass them to `ctx.elicit(message=..., schema=Model)`.

Each entry of MODELS is (fixture name, message, model class). Keep one idea per model where
possible so that a refusal names one construct; the last few are realistic composites.
Works with pydantic >= 2.7 (the floor of every `mcp` release that has elicitation).
"""

import datetime as dt
import uuid
from decimal import Decimal
from enum import Enum, IntEnum
from ipaddress import IPv4Address, IPv6Address
from typing import Annotated, Literal, Optional

from pydantic import (
    AnyUrl,
    BaseModel,
    ConfigDict,
    Field,
    HttpUrl,
    IPvAnyAddress,
    SecretStr,
    StringConstraints,
    constr,
)

try:  # EmailStr needs the optional `email-validator` package.
    import email_validator  # noqa: F401
    from pydantic import EmailStr
except ImportError:  # pragma: no cover
    EmailStr = None


class Color(str, Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class Plan(str, Enum):
    FREE = "free"
    PRO = "pro"
    TEAM = "team"


class Primitives(BaseModel):
    name: str
    age: int
    height_m: float
    subscribed: bool


class Defaults(BaseModel):
    nickname: str = "friend"
    retries: int = 3
    ratio: float = 0.5
    notify: bool = True


class FieldMetadata(BaseModel):
    """Tell us about the project."""

    project: str = Field(title="Project name", description="Shown on the dashboard")
    seats: int = Field(title="Seats", description="How many people will use it")
    public: bool = Field(default=False, title="Public", description="Anyone with the link can view it")


class FieldExamples(BaseModel):
    city: str = Field(description="City you live in", examples=["Berlin", "Seoul"])


class IntBounds(BaseModel):
    party_size: int = Field(ge=1, le=12, description="Number of guests")
    age: int = Field(ge=0)


class IntExclusiveBounds(BaseModel):
    quantity: int = Field(gt=0, lt=100, description="How many to order")


class FloatBounds(BaseModel):
    temperature: float = Field(ge=-40, le=60.5)


class FloatExclusiveBounds(BaseModel):
    discount: float = Field(gt=0, lt=1, description="Fraction off, strictly between 0 and 1")


class MultipleOf(BaseModel):
    amount: float = Field(multiple_of=0.01)
    step: int = Field(default=10, multiple_of=5)


class MultipleOfInt(BaseModel):
    packs: int = Field(multiple_of=5, description="Sold in fives")
    minutes: int = Field(ge=15, le=240, multiple_of=15)


class OptionalNone(BaseModel):
    comment: Optional[str] = None
    count: int | None = None
    ratio: float | None = None
    agree: Optional[bool] = None


class OptionalWithDefault(BaseModel):
    greeting: Optional[str] = "hello"
    retries: Optional[int] = 5


class OptionalRequired(BaseModel):
    reason: Optional[str] = Field(description="Why? (may be null, but must be given)")


class OptionalConstrained(BaseModel):
    age: Optional[int] = Field(default=None, ge=0, le=150)
    nickname: Optional[str] = Field(default=None, min_length=2, max_length=20)


class LiteralStr(BaseModel):
    size: Literal["small", "medium", "large"]
    crust: Literal["thin", "thick"] = "thin"


class LiteralInt(BaseModel):
    rating: Literal[1, 2, 3, 4, 5] = Field(description="Stars")


class LiteralOptional(BaseModel):
    size: Optional[Literal["small", "medium", "large"]] = None


class LiteralMixed(BaseModel):
    retention_days: Literal["forever", 30, 90] = Field(default=30, description="How long to keep backups")


class LiteralConst(BaseModel):
    accept_terms: Literal[True] = Field(description="You must accept the terms")


class LiteralSingle(BaseModel):
    confirm: Literal["yes"] = Field(description='Type "yes" to confirm')
    schema_version: Literal[3]


class EnumClass(BaseModel):
    color: Color


class EnumClassDefault(BaseModel):
    color: Color = Color.GREEN


class EnumClassOptional(BaseModel):
    color: Optional[Color] = None


class IntEnumClass(BaseModel):
    priority: Priority


class StringLength(BaseModel):
    username: str = Field(min_length=3, max_length=20)
    bio: constr(max_length=160) = ""


class StringPattern(BaseModel):
    zip_code: Annotated[str, StringConstraints(pattern=r"^\d{5}(-\d{4})?$")]
    handle: constr(pattern=r"^@[A-Za-z0-9_]{1,15}$", min_length=2, max_length=16)
    sku: str = Field(pattern=r"^[A-Z]{3}-\d+$", description="Product code like ABC-123")


class Date(BaseModel):
    birthday: dt.date
    start: dt.date = dt.date(2025, 1, 1)


class DateTime(BaseModel):
    meeting_at: dt.datetime


class Time(BaseModel):
    alarm: dt.time


class TimeDefault(BaseModel):
    alarm: dt.time = dt.time(7, 30)


class Duration(BaseModel):
    timeout: dt.timedelta
    reminder: dt.timedelta = dt.timedelta(minutes=30)


class Url(BaseModel):
    homepage: AnyUrl
    profile: HttpUrl


class IpAddress(BaseModel):
    server_v4: IPv4Address
    server_v6: IPv6Address


class IpAny(BaseModel):
    address: IPvAnyAddress


class MultiSelectLiteral(BaseModel):
    toppings: list[Literal["cheese", "ham", "mushroom", "olive"]] = Field(min_length=1, max_length=3)


class MultiSelectEnum(BaseModel):
    colors: list[Color]


class MultiSelectSet(BaseModel):
    days: set[Literal["mon", "tue", "wed", "thu", "fri"]]


class StringList(BaseModel):
    tags: list[str]


class ForbidExtra(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    confirm: bool = True


class Secret(BaseModel):
    api_key: SecretStr


class Uuid(BaseModel):
    order_id: uuid.UUID


class UuidOptional(BaseModel):
    order_id: uuid.UUID
    parent_id: Optional[uuid.UUID] = None


class DecimalField(BaseModel):
    price: Decimal = Field(ge=0, decimal_places=2)


class Address(BaseModel):
    street: str
    city: str


class NestedModel(BaseModel):
    address: Address


class LegacyEnumNames(BaseModel):
    """The pre-Literal workaround: a plain `str` with `enum`/`enumNames` put in by hand."""

    plan: str = Field(
        default="free",
        json_schema_extra={"enum": ["free", "pro", "team"], "enumNames": ["Free", "Pro", "Team"]},
    )


class RestaurantBooking(BaseModel):
    """Reserve a table."""

    name: str = Field(description="Name for the reservation", min_length=1, max_length=80)
    day: dt.date = Field(description="Date of the visit")
    slot: Literal["18:00", "19:00", "20:00", "21:00"] = Field(default="19:00", title="Time")
    party_size: int = Field(ge=1, le=12, title="Guests")
    phone: Optional[str] = Field(default=None, pattern=r"^\+?[0-9 ()-]{7,20}$")
    outdoor: bool = False
    notes: Optional[str] = Field(default=None, max_length=500)


MODELS = [
    ("primitives", "Tell us about yourself.", Primitives),
    ("defaults", "Adjust the settings or keep the defaults.", Defaults),
    ("field-metadata", "Create a project.", FieldMetadata),
    ("field-examples", "Where do you live?", FieldExamples),
    ("int-bounds", "How many guests?", IntBounds),
    ("int-exclusive-bounds", "How many should we order?", IntExclusiveBounds),
    ("float-bounds", "Set the thermostat.", FloatBounds),
    ("float-exclusive-bounds", "Choose a discount.", FloatExclusiveBounds),
    ("multiple-of", "Enter an amount.", MultipleOf),
    ("multiple-of-int", "How many packs, and for how long?", MultipleOfInt),
    ("optional-none", "Anything to add? All fields are optional.", OptionalNone),
    ("optional-with-default", "Optional settings with defaults.", OptionalWithDefault),
    ("optional-required", "Please give a reason (or explicitly none).", OptionalRequired),
    ("optional-constrained", "Optional details.", OptionalConstrained),
    ("literal", "Choose your pizza.", LiteralStr),
    ("literal-int", "Rate your stay.", LiteralInt),
    ("literal-optional", "Pick a size, if you like.", LiteralOptional),
    ("literal-mixed", "How long should we keep backups?", LiteralMixed),
    ("literal-const", "Accept the terms to continue.", LiteralConst),
    ("literal-single", "Confirm the migration.", LiteralSingle),
    ("enum-class", "Pick a color.", EnumClass),
    ("enum-class-default", "Pick a color.", EnumClassDefault),
    ("enum-class-optional", "Pick a color, if you like.", EnumClassOptional),
    ("int-enum-class", "How urgent is it?", IntEnumClass),
    ("string-length", "Choose a username.", StringLength),
    ("string-pattern", "Shipping details.", StringPattern),
    ("date", "When is your birthday?", Date),
    ("date-time", "When should we meet?", DateTime),
    ("time", "When should the alarm ring?", Time),
    ("time-default", "When should the alarm ring?", TimeDefault),
    ("duration", "Set the timer.", Duration),
    ("url", "Where can we find you online?", Url),
    ("ip-address", "Which server?", IpAddress),
    ("ip-any", "Which address?", IpAny),
    ("multi-select-literal", "Pick up to three toppings.", MultiSelectLiteral),
    ("multi-select-enum", "Pick your colors.", MultiSelectEnum),
    ("multi-select-set", "Which days work for you?", MultiSelectSet),
    ("string-list", "Add some tags.", StringList),
    ("forbid-extra", "Confirm the name.", ForbidExtra),
    ("secret", "Paste your API key.", Secret),
    ("uuid", "Which order?", Uuid),
    ("uuid-optional", "Which order?", UuidOptional),
    ("decimal", "Set a price.", DecimalField),
    ("nested-model", "Where should we ship it?", NestedModel),
    ("legacy-enum-names", "Choose a plan.", LegacyEnumNames),
    ("restaurant-booking", "Book a table at Luigi's.", RestaurantBooking),
]

if EmailStr is not None:

    class Email(BaseModel):
        email: EmailStr = Field(description="We'll send the receipt here")

    class AccountSignup(BaseModel):
        """Create your account."""

        email: EmailStr
        username: constr(pattern=r"^[a-z0-9_]+$", min_length=3, max_length=20)
        age: int = Field(ge=13, description="You must be 13 or older")
        plan: Plan = Plan.FREE
        newsletter: bool = True
        referral_code: Optional[str] = None

    _at = [name for name, _, _ in MODELS].index("string-pattern") + 1
    MODELS[_at:_at] = [("email", "Where should we send the receipt?", Email)]
    MODELS.append(("account-signup", "Sign up for Acme.", AccountSignup))
