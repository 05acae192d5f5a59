import type { Testimonial } from '../../../../../contracts/moderation';
import { AppLink } from '../../../components/ui/app-link';
import { canonicalPostPath, profilePath } from '../../../lib/paths';
import './testimonials-wall.css';

/**
 * Specification §1's wall of testimonials, made only of quotes an operator chose from this site's own posts
 * and comments (difference 15 from the specification): each names its real writer and links to where it was written.
 * Nothing chosen, nothing shown: the caller leaves the section out.
 */
export function TestimonialsWall({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section className="landing-testimonials" aria-labelledby="landing-testimonials-title">
      <div className="landing-testimonials__inner">
        <p className="eyebrow">From our readers and writers</p>
        <h2 id="landing-testimonials-title">What people say here</h2>
        <ul className="landing-testimonials__wall">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <figure className="testimonial">
                <blockquote className="testimonial__quote">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="testimonial__source">
                  <AppLink className="testimonial__author" to={profilePath(testimonial.author)}>
                    {testimonial.author.username}
                  </AppLink>
                  <span>
                    {testimonial.source.kind === 'post' ? 'in ' : 'on '}
                    <AppLink to={canonicalPostPath(testimonial.source.postId)}>
                      {testimonial.source.postTitle}
                    </AppLink>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
