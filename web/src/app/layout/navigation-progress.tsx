import { useNavigation } from 'react-router';

/** A thin bar while the next page's code loads; CSS delays it so quick loads never flash it. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const active = navigation.state !== 'idle';
  return <div className={active ? 'nav-progress nav-progress--active' : 'nav-progress'} aria-hidden="true" />;
}
