import { type SeriesField, seriesLabels } from "~/domain/invoicing/invoicing-settings";
import { AdminCard } from "~/ui/admin/admin-page";
import { CheckboxField, Field, FieldError } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Input } from "~/ui/primitives/input";

// The cards of /admin/configuracion/comprobantes (issue 46), inside the route's one form:
// 'Nubefact' (RUTA, TOKEN, 'Probar conexión'), 'Emisión' and 'Series y numeración'. The token
// box always starts empty: the screen only knows the stored token's last four characters.

/** What the screen knows of the settings (readInvoicingScreen), never the token itself. */
type InvoicingScreen = {
  tokenHint: string;
  isTokenUnreadable: boolean;
  isConfigured: boolean;
  series: { field: SeriesField; series: string; nextNumber: number; isLocked: boolean }[];
};

type CardProps = { f: FormFields; screen: InvoicingScreen };

function TokenField({ f, screen, isRetypeToken }: CardProps & { isRetypeToken: boolean }) {
  const { id, name, error } = f.field("token");
  const describedBy = [`${id}-hint`, screen.isTokenUnreadable ? `${id}-unreadable` : "", error ? `${id}-error` : ""];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        Token (TOKEN)
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Junto a la ruta, en el mismo panel.{" "}
        {screen.tokenHint ? (
          <>
            Guardado: <span className="font-mono">{screen.tokenHint}</span>. Déjalo vacío para conservarlo.
          </>
        ) : (
          "Aún no hay ningún token guardado."
        )}
      </p>
      {screen.isTokenUnreadable ? (
        <p id={`${id}-unreadable`} className="text-sm text-red-700">
          El token guardado no se puede leer en esta instalación: escríbelo de nuevo.
        </p>
      ) : null}
      <Input
        id={id}
        name={name}
        type="password"
        defaultValue=""
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={200}
        placeholder={screen.tokenHint || "Pega aquí el token de Nubefact"}
        className="peer font-mono"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.filter(Boolean).join(" ")}
      />
      {isRetypeToken ? (
        // Only while the box is empty: without scripts the answer comes back without what was typed.
        <p className="hidden text-sm text-amber-800 peer-placeholder-shown:block">
          Escribe el token de nuevo: por seguridad no se devuelve a la página.
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function PseCard({ f, screen, isRetypeToken }: CardProps & { isRetypeToken: boolean }) {
  return (
    <AdminCard title="Nubefact">
      <div className="flex flex-col gap-4">
        <p className={screen.isConfigured ? "text-sm font-semibold text-green-800" : "text-sm text-muted"}>
          {screen.isConfigured
            ? "Configurado"
            : "Sin configurar: la tienda funciona como hoy, sin emitir comprobantes."}
        </p>
        <Field
          label="Ruta (RUTA)"
          hint="Está en el panel de Nubefact, en API / Integración; empieza con https://."
          field={f.field("apiUrl")}
          inputProps={{
            type: "url",
            inputMode: "url",
            autoComplete: "off",
            spellCheck: false,
            autoCapitalize: "off",
            maxLength: 500,
            placeholder: "https://api.nubefact.com/api/v1/…",
            className: "font-mono",
          }}
        />
        <TokenField f={f} screen={screen} isRetypeToken={isRetypeToken} />
        <div className="flex flex-col items-start gap-2 rounded-lg bg-gray-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Prueba la ruta y el token escritos (o el guardado, si dejas el token vacío) sin guardar nada.
          </p>
          <SubmitButton intent="test" variant="outline" size="sm" pendingLabel="Probando…">
            Probar conexión
          </SubmitButton>
        </div>
      </div>
    </AdminCard>
  );
}

function IssuingCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Emisión">
      <CheckboxField
        label="Emitir automáticamente al marcar un pedido como pagado"
        field={f.checkbox("isAutomatic")}
        inputProps={{ "aria-describedby": "isAutomatic-hint" }}
      />
      <p id="isAutomatic-hint" className="mt-1.5 pl-8 text-sm text-muted">
        Si no lo marcas, el comprobante se emite a mano desde el detalle del pedido.
      </p>
    </AdminCard>
  );
}

function SeriesBlock({ f, series }: { f: FormFields; series: InvoicingScreen["series"][number] }) {
  const next = `${series.field}Next`;
  const lockedHint = `${next}-locked`;
  return (
    <fieldset className="rounded-xl border bg-surface p-4">
      <legend className="float-left mb-3 w-full font-bold">{seriesLabels[series.field]}</legend>
      {/* Side by side only where both boxes and their messages fit (not on a phone). */}
      <div className="@container clear-both">
        <div className="grid gap-3 @xs:grid-cols-2">
          <Field
            label="Serie"
            field={f.field(series.field)}
            inputProps={{
              maxLength: 4,
              autoComplete: "off",
              autoCapitalize: "characters",
              spellCheck: false,
              className: "font-mono uppercase",
            }}
          />
          <Field
            label="Siguiente número"
            field={f.field(next)}
            inputProps={
              series.isLocked
                ? // Not posted: the number goes on by itself, whatever the page shows.
                  {
                    type: "number",
                    value: String(series.nextNumber),
                    readOnly: true,
                    disabled: true,
                    "aria-describedby": lockedHint,
                  }
                : { type: "number", inputMode: "numeric", min: 1, step: 1 }
            }
          />
        </div>
      </div>
      {series.isLocked ? (
        <p id={lockedHint} className="mt-2 text-sm text-muted">
          Ya emitió comprobantes: el número sigue solo.
        </p>
      ) : null}
    </fieldset>
  );
}

function SeriesCard({ f, screen }: CardProps) {
  return (
    <AdminCard title="Series y numeración">
      <p className="mb-4 text-sm text-muted">
        Cuatro caracteres: las de boletas empiezan con B y las de facturas con F. El siguiente número se puede cambiar
        hasta que la serie emita su primer comprobante.
      </p>
      <FieldError id="form-error" message={f.error("form")} />
      <div className="mt-2 grid gap-4 lg:grid-cols-2">
        {screen.series.map((series) => (
          <SeriesBlock key={series.field} f={f} series={series} />
        ))}
      </div>
    </AdminCard>
  );
}

/** The cards and buttons of the settings form; the route owns the <Form> around them. */
export function InvoicingSettingsForm({ f, screen, isRetypeToken }: CardProps & { isRetypeToken: boolean }) {
  return (
    <>
      {/* The form's first submit button is the one Enter presses: 'Guardar', not 'Probar conexión'. */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden className="sr-only">
        Guardar
      </button>
      <PseCard f={f} screen={screen} isRetypeToken={isRetypeToken} />
      <IssuingCard f={f} />
      <SeriesCard f={f} screen={screen} />
      <div className="flex justify-end">
        <SubmitButton size="lg" intent="save">
          Guardar
        </SubmitButton>
      </div>
    </>
  );
}
