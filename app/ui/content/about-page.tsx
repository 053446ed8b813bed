import type { PageContents, valueIcons } from "~/domain/content/page-content";
import { splitParagraphs } from "~/domain/content/text-blocks";
import { responsiveImage } from "~/domain/media/image";
import { ImageBand } from "~/ui/content/image-band";
import { Icon, type IconName } from "~/ui/icons/icon";

// The page content names lucide's components; the sprite names their drawings.
const valueIconNames: Record<(typeof valueIcons)[number], IconName> = {
  Heart: "heart",
  ShieldCheck: "shield-check",
  Users: "users",
};

type AboutContent = PageContents["about"];

/** /nosotros from the editable page content; 'Cargando contenido...' when there is none. */
export function AboutPage({ content }: { content: AboutContent | null }) {
  if (!content) return <AboutLoading />;
  const { valuesSection, teamSection } = content;
  return (
    <div className="flex flex-col gap-16 pb-4">
      <AboutHero content={content} />
      {valuesSection.values.length > 0 ? <ValuesSection section={valuesSection} /> : null}
      {teamSection.heading || teamSection.content ? <TeamSection section={teamSection} /> : null}
    </div>
  );
}

function AboutLoading() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <Icon
        name="paw-print"
        className="size-10 animate-pulse text-primary-strong motion-reduce:animate-none"
        aria-hidden
      />
      <p className="mt-4 text-lg text-muted" role="status">
        Cargando contenido...
      </p>
    </section>
  );
}

function AboutHero({ content }: { content: AboutContent }) {
  return (
    <section className="bg-gradient-to-b from-primary-soft to-surface">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:py-14 md:grid-cols-2 md:gap-12">
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary-strong uppercase">{content.title}</p>
          <h1 className="mt-2 text-3xl font-bold text-balance text-ink sm:text-4xl">{content.mainHeading}</h1>
          <div className="mt-6 flex flex-col gap-4 text-lg leading-relaxed text-ink/90">
            {splitParagraphs(content.content).map((paragraph, index) => (
              <p key={index} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
        {content.historyImage ? (
          <img
            {...responsiveImage(content.historyImage, "(min-width: 1024px) 600px, 100vw")}
            alt=""
            width={1200}
            height={800}
            fetchPriority="high"
            className="aspect-[3/2] w-full rounded-3xl object-cover shadow-md"
          />
        ) : null}
      </div>
    </section>
  );
}

function ValuesSection({ section }: { section: AboutContent["valuesSection"] }) {
  return (
    <section aria-labelledby="valores-titulo" className="mx-auto w-full max-w-7xl px-4">
      <h2 id="valores-titulo" className="text-center text-3xl font-bold text-primary-strong">
        {section.heading}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 md:gap-6 lg:grid-cols-3">
        {section.values.map((value) => (
          <li
            key={value.title}
            className="flex flex-col items-center rounded-2xl border bg-white p-6 text-center shadow-sm"
          >
            <span className="flex size-14 items-center justify-center rounded-full bg-secondary-soft text-primary-strong">
              <Icon name={valueIconNames[value.icon]} className="size-7" />
            </span>
            <h3 className="mt-4 text-xl font-bold text-ink">{value.title}</h3>
            <p className="mt-2 text-muted">{value.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeamSection({ section }: { section: AboutContent["teamSection"] }) {
  return (
    <ImageBand headingId="equipo-titulo" image={section.image} sizes="(min-width: 1024px) 600px, 100vw">
      <div className="p-6 sm:p-10">
        <h2 id="equipo-titulo" className="text-3xl font-bold text-primary-strong">
          {section.heading}
        </h2>
        <div className="mt-4 flex flex-col gap-3 text-lg text-ink">
          {splitParagraphs(section.content).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </div>
    </ImageBand>
  );
}
