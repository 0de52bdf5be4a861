<?php
/**
 * Plugin Name:       Sparks Chat
 * Description:       Shows your Spark (a chatbot that answers from your documents) on every page of your site.
 * Version:           1.0.11
 * Requires at least: 5.8
 * Requires PHP:      7.4
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       sparks-chat
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

const SPARKS_CHAT_OPTION = 'sparks_chat_settings';

/**
 * The saved settings, always as an array with every key.
 *
 * @return array{server_url: string, deploy_token: string, open: int}
 */
function sparks_chat_settings() {
	$saved = get_option( SPARKS_CHAT_OPTION, array() );
	$saved = is_array( $saved ) ? $saved : array();
	return array(
		'server_url'   => isset( $saved['server_url'] ) ? (string) $saved['server_url'] : '',
		'deploy_token' => isset( $saved['deploy_token'] ) ? (string) $saved['deploy_token'] : '',
		'open'         => empty( $saved['open'] ) ? 0 : 1,
	);
}

/**
 * Cleans the settings form: an http(s) address without a trailing slash, a deploy token of the
 * form Sparks shows (dpl_…), and the open-on-load switch. Anything else is refused with a notice.
 *
 * @param mixed $input The submitted values.
 * @return array
 */
function sparks_chat_sanitize( $input ) {
	$input    = is_array( $input ) ? $input : array();
	$previous = sparks_chat_settings();
	$clean    = $previous;

	$url = isset( $input['server_url'] ) ? trim( (string) $input['server_url'] ) : '';
	$url = untrailingslashit( esc_url_raw( $url, array( 'https', 'http' ) ) );
	if ( '' !== $url && wp_parse_url( $url, PHP_URL_HOST ) ) {
		$clean['server_url'] = $url;
	} else {
		add_settings_error( SPARKS_CHAT_OPTION, 'sparks_chat_url', __( 'Enter the address of your Sparks server, such as https://app.example.', 'sparks-chat' ) );
	}

	$token = isset( $input['deploy_token'] ) ? trim( (string) $input['deploy_token'] ) : '';
	if ( preg_match( '/^dpl_[A-Za-z0-9_-]{10,64}$/', $token ) ) {
		$clean['deploy_token'] = $token;
	} else {
		add_settings_error( SPARKS_CHAT_OPTION, 'sparks_chat_token', __( 'Copy the deploy token (it starts with dpl_) from Sparks, under Deploy.', 'sparks-chat' ) );
	}

	$clean['open'] = empty( $input['open'] ) ? 0 : 1;
	return $clean;
}

/** The settings page under Settings → Sparks Chat; settings_fields() adds the form's nonce. */
function sparks_chat_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	echo '<p>' . esc_html__( 'In Sparks, open your Spark, choose Deploy, add this site\'s address to the allowed websites, and copy the deploy token here.', 'sparks-chat' ) . '</p>';
	echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
	settings_fields( 'sparks_chat' );
	do_settings_sections( 'sparks-chat' );
	submit_button();
	echo '</form></div>';
}

/**
 * One text field of the settings page.
 *
 * @param array $args Field name, type and description.
 */
function sparks_chat_render_field( $args ) {
	$settings = sparks_chat_settings();
	$name     = $args['name'];
	$id       = 'sparks-chat-' . $name;
	if ( 'checkbox' === $args['type'] ) {
		printf(
			'<label for="%1$s"><input type="checkbox" id="%1$s" name="%2$s[%3$s]" value="1" %4$s /> %5$s</label>',
			esc_attr( $id ),
			esc_attr( SPARKS_CHAT_OPTION ),
			esc_attr( $name ),
			checked( 1, $settings[ $name ], false ),
			esc_html( $args['description'] )
		);
		return;
	}
	printf(
		'<input type="%1$s" class="regular-text" id="%2$s" name="%3$s[%4$s]" value="%5$s" /><p class="description">%6$s</p>',
		esc_attr( $args['type'] ),
		esc_attr( $id ),
		esc_attr( SPARKS_CHAT_OPTION ),
		esc_attr( $name ),
		esc_attr( $settings[ $name ] ),
		esc_html( $args['description'] )
	);
}

add_action(
	'admin_init',
	function () {
		register_setting(
			'sparks_chat',
			SPARKS_CHAT_OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => 'sparks_chat_sanitize',
				'default'           => array(),
			)
		);
		add_settings_section( 'sparks_chat_main', __( 'Your Spark', 'sparks-chat' ), '__return_false', 'sparks-chat' );
		$fields = array(
			'server_url'   => array( 'url', __( 'Sparks server address', 'sparks-chat' ), __( 'The address you use to open Sparks, such as https://app.example.', 'sparks-chat' ) ),
			'deploy_token' => array( 'text', __( 'Deploy token', 'sparks-chat' ), __( 'Shown in Sparks under Deploy; it starts with dpl_.', 'sparks-chat' ) ),
			'open'         => array( 'checkbox', __( 'Open on load', 'sparks-chat' ), __( 'Open the chat as soon as a page loads.', 'sparks-chat' ) ),
		);
		foreach ( $fields as $name => $field ) {
			add_settings_field(
				'sparks_chat_' . $name,
				$field[1],
				'sparks_chat_render_field',
				'sparks-chat',
				'sparks_chat_main',
				array(
					'name'        => $name,
					'type'        => $field[0],
					'description' => $field[2],
					'label_for'   => 'sparks-chat-' . $name,
				)
			);
		}
	}
);

add_action(
	'admin_menu',
	function () {
		add_options_page( __( 'Sparks Chat', 'sparks-chat' ), __( 'Sparks Chat', 'sparks-chat' ), 'manage_options', 'sparks-chat', 'sparks_chat_render_settings_page' );
	}
);

/** The loader tag of the Sparks widget, at the end of every public page, once configured. */
function sparks_chat_print_loader() {
	$settings = sparks_chat_settings();
	if ( '' === $settings['server_url'] || '' === $settings['deploy_token'] ) {
		return;
	}
	$attributes = array(
		'src'        => esc_url( $settings['server_url'] . '/widget.js' ),
		'data-spark' => $settings['deploy_token'],
		'async'      => true,
	);
	if ( $settings['open'] ) {
		$attributes['data-open'] = true;
	}
	// WordPress's own tag printer escapes every attribute.
	wp_print_script_tag( $attributes );
}
add_action( 'wp_footer', 'sparks_chat_print_loader' );
