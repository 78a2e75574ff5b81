import { describe, expect, it } from 'vitest';
import {
  assertCatalogueConsistent,
  catalogue,
  ctPublic,
  ctPublicFunctions,
  decodeEmail,
  liveSearch,
  sendVisitorsEmail,
  upvote,
} from '../src/index.js';

const byAction = (action: string) => catalogue.find((call) => call.ajax?.action === action);
const byRoute = (route: string) => catalogue.find((call) => call.rest?.route === route);

describe('call catalogue', () => {
  it('holds every admin-ajax action both specifications name', () => {
    for (const action of [
      'apbct_decode_email',
      'apbct_alt_session__save__AJAX',
      'apbct_get_pixel_url',
      'apbct_email_check_before_post',
      'apbct_email_check_exist_post',
      'get_options_template',
      'qcpd_upvote_action',
      'qcpd_bookmark_insert_action',
      'qcpd_bookmark_remove_action',
      'qcpd_load_long_description',
      'qcld_pd_send_visitors_email',
      'qcld_pd_category_filter',
      'qcld_sbd_show_list_item',
      'qcpd_generate_text',
      'live_search_retrieve_posts',
    ]) {
      expect(byAction(action), action).toBeDefined();
    }
  });

  it('holds every REST route of the anti-spam specification', () => {
    for (const route of [
      'apbct_decode_email',
      'alt_sessions',
      'apbct_get_pixel_url',
      'check_email_before_post',
      'check_email_exist_post',
    ]) {
      expect(byRoute(route), route).toBeDefined();
    }
  });

  it('has one handler slot per action and route', () => {
    expect(() => assertCatalogueConsistent(catalogue)).not.toThrow();
    expect(() => assertCatalogueConsistent([upvote, upvote])).toThrow(/Two calls claim ajax:qcpd_upvote_action/);
  });

  it('keeps the back office calls for its staff: the item form for editors too, the embed options for administrators', () => {
    for (const action of ['qcld_pd_category_filter', 'qcld_sbd_show_list_item', 'qcpd_generate_text']) {
      expect(byAction(action)?.access).toBe('staff');
    }
    expect(byAction('get_options_template')?.access).toBe('admin');
  });
});

describe('call schemas', () => {
  it('read an object field sent as a JSON string', () => {
    const parsed = decodeEmail.request.parse({ encodedEmails: '{"0":"abc"}', post_url: '/' });
    expect(parsed.encodedEmails).toEqual({ 0: 'abc' });
    expect(decodeEmail.request.safeParse({ encodedEmails: '{oops' }).success).toBe(false);
  });

  it('read the visitor e-mail form data object', () => {
    const data = { name: 'A', email: 'a@b.example', to: 'x', subject: 's', message: 'm' };
    expect(sendVisitorsEmail.request.parse({ data: JSON.stringify(data) }).data).toMatchObject(data);
  });

  it('turn an id sent as text into a number and refuse anything else', () => {
    expect(upvote.request.parse({ post_id: '12' }).post_id).toBe(12);
    for (const bad of ['', 'x', '-1', '1.5', '99999999999'])
      expect(upvote.request.safeParse({ post_id: bad }).success).toBe(false);
  });

  it('accept one or several values for a list field', () => {
    expect(liveSearch.request.parse({ search: 'a', post_type: 'page' }).post_type).toEqual(['page']);
    expect(liveSearch.request.parse({ search: 'a', post_type: ['page', 'post'] }).post_type).toEqual(['page', 'post']);
  });

  it('describe the upvote answer exactly', () => {
    expect(upvote.response.safeParse({ votes: 12, vote_status: 'success', cookies: '' }).success).toBe(true);
    expect(upvote.response.safeParse({ votes: 12, vote_status: 'ok', cookies: '' }).success).toBe(false);
  });

  it('accept the live-search "no result" answers', () => {
    expect(liveSearch.response.safeParse({}).success).toBe(true);
    expect(liveSearch.response.safeParse([]).success).toBe(true);
  });
});

describe('page configuration', () => {
  it('names the decoder texts and nonces exactly', () => {
    for (const key of [
      '_ajax_nonce',
      '_rest_nonce',
      '_ajax_url',
      '_rest_url',
      'data__cookies_type',
      'data__ajax_type',
      'host_url',
      'text__ee_got_it',
    ]) {
      expect(Object.keys(ctPublicFunctions.shape)).toContain(key);
    }
    for (const key of [
      'pixel__setting',
      'ct_checkjs_key',
      'emailEncoderPassKey',
      'bot_detector_forms_excluded',
      'theRealPerson',
    ]) {
      expect(Object.keys(ctPublic.shape)).toContain(key);
    }
  });
});
