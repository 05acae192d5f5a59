import { absoluteUrl, SITE_DESCRIPTION } from '../../../lib/head/document-head';
import { PageHead, useSite } from '../../../lib/head/page-head';
import { useLoaderData } from 'react-router';
import { FeatureVisual } from '../components/feature-visual';
import { TestimonialsWall } from '../components/testimonials-wall';
import type { LandingData } from '../loaders/landing-loader';
import { FEATURES, TEAMS } from '../landing-content';
import { AppLink } from '../../../components/ui/app-link';

/** `/`: the marketing page of specification §1, its wall of testimonials from real quotes. */
export function LandingPage() {
  const site = useSite();
  const { testimonials } = useLoaderData<LandingData>();
  return (
    <div className="landing">
      <PageHead
        title="Read, write, deepen your understanding"
        canonicalPath="/"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: site.name,
          description: SITE_DESCRIPTION,
          url: absoluteUrl(site, '/'),
        }}
      />

      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero__inner">
          <div>
            <h1 id="landing-title" className="landing-hero__title">
              Read, write, deepen your understanding.
            </h1>
            <p className="landing-hero__lead">
              A quiet place for ideas that need more than a headline. Discover stories from curious people, or
              share your own on a platform you can run yourself.
            </p>
            <AppLink className="button button--primary button--large" to="/allblog">
              Start Reading
            </AppLink>
          </div>
          <div className="landing-hero__art" aria-hidden="true">
            <div className="hero-sheet hero-sheet--back">
              <span className="visual__line visual__line--short" />
              <span className="visual__line" />
              <span className="visual__line" />
              <span className="visual__line visual__line--short" />
            </div>
            <div className="hero-sheet hero-sheet--front">
              <span className="hero-sheet__title">On slow reading</span>
              <span className="visual__line" />
              <span className="visual__line" />
              <span className="visual__line visual__line--short" />
              <span className="visual__line" />
              <span className="visual__line visual__line--short" />
            </div>
          </div>
        </div>
      </section>

      {FEATURES.map((feature, index) => (
        <section
          key={feature.id}
          className={index % 2 === 1 ? 'landing-feature landing-feature--reverse' : 'landing-feature'}
          aria-labelledby={`feature-${feature.id}`}
        >
          <div className="landing-feature__text">
            <p className="eyebrow">{feature.eyebrow}</p>
            <h2 id={`feature-${feature.id}`}>{feature.title}</h2>
            <p className="landing-feature__body">{feature.body}</p>
            {feature.action ? (
              <p className="landing-feature__action">
                <AppLink className="button button--secondary" to={feature.action.to}>
                  {feature.action.label}
                </AppLink>
              </p>
            ) : null}
          </div>
          <FeatureVisual featureId={feature.id} />
        </section>
      ))}

      <section className="landing-teams" aria-labelledby="landing-teams-title">
        <div className="landing-teams__inner">
          <p className="eyebrow">{TEAMS.eyebrow}</p>
          <h2 id="landing-teams-title">{TEAMS.title}</h2>
          <p>{TEAMS.body}</p>
          <ul className="landing-teams__points">
            {TEAMS.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <p className="landing-teams__action">
            <AppLink className="button button--primary" to={TEAMS.action.to}>
              {TEAMS.action.label}
            </AppLink>
          </p>
        </div>
      </section>

      {testimonials.length > 0 ? <TestimonialsWall testimonials={testimonials} /> : null}
    </div>
  );
}
